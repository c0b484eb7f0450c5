import pg from 'pg';
import { benchBuyers, benchErpData, benchSeedUsers } from '../bench/orders-buyers';
import { closeAgent, openSessions, quantile, runBuyers } from './buyers';
import { restartInstance, startCluster, type Cluster } from './cluster';

// A rolling restart of the three instances under load: 50 buyers (CLUSTER_BUYERS) keep buying on credit through the
// proxy while each instance in turn is taken out of HAProxy, closed with SIGTERM (it finishes what it has), started
// again and put back. Every purchase completes, exactly once in the ERP, and no buyer sees a 5xx.

const BASE = Number(process.env.CLUSTER_TEST_PORT ?? 5140);
const BUYERS = Number(process.env.CLUSTER_BUYERS ?? 50);
/** CLUSTER_DRAIN=off: SIGTERM alone, no drain through the proxy first (to see what the drain saves). */
const DRAIN = process.env.CLUSTER_DRAIN !== 'off';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: Cluster;
let skus: string[] = [];
const buyers = benchBuyers(BUYERS);

beforeAll(async () => {
  cluster = await startCluster({
    basePort: BASE,
    extraUsers: benchSeedUsers(buyers),
    prepareErp: (b1) => {
      skus = benchErpData(b1.data, buyers);
    },
    // every buyer logs in from 127.0.0.1
    instanceEnv: { LOGIN_MAX_PER_ADDRESS: '10000' },
  });
}, 180_000);

afterAll(async () => {
  closeAgent();
  await cluster?.stop();
});

it(`a rolling restart of all three instances under ${BUYERS} buyers: every purchase completes once, no 5xx`, async () => {
  const sessions = await openSessions(cluster.url, buyers);
  let endLoad!: () => void;
  const loadStarted = Date.now();
  const load = runBuyers(cluster.url, sessions, skus, new Promise<void>((resolve) => (endLoad = resolve)));
  await sleep(3000);
  const restartFrom = Date.now() - loadStarted;
  for (const instance of cluster.instances) await restartInstance(cluster, instance, { drain: DRAIN });
  const restartTo = Date.now() - loadStarted;
  await sleep(3000);
  endLoad();
  const figures = await load;

  // the portal's orders and the ERP's, once the outbox is done (every completed purchase is CONFIRMED already)
  const client = new pg.Client({ connectionString: cluster.database.url });
  await client.connect();
  const portal = (await client.query<{ number: string; state: string }>(`select purchase_order_number as number, order_state as state from orders where purchase_order_number is not null`)).rows;
  await client.end();
  const cardCodes = new Set(buyers.map((b) => b.cardCode));
  const erpCount = new Map<string, number>();
  for (const o of cluster.b1.data.Orders) if (cardCodes.has(o.CardCode) && o.NumAtCard) erpCount.set(o.NumAtCard, (erpCount.get(o.NumAtCard) ?? 0) + 1);
  const duplicates = [...erpCount.values()].filter((n) => n > 1).length;
  const confirmed = portal.filter((o) => o.state === 'CONFIRMED').map((o) => o.number);
  const lost = [...new Set([...confirmed, ...figures.orders.map((o) => o.number)])].filter((n) => !erpCount.has(n));
  const notInPortal = [...erpCount.keys()].filter((n) => !portal.some((o) => o.number === n));
  const during = figures.purchases.filter((p) => p.at >= restartFrom && p.at <= restartTo).map((p) => p.ms);
  const all = figures.purchases.map((p) => p.ms);

  console.log(
    `rolling restart${DRAIN ? '' : ' (SIGTERM alone, no drain)'} under ${BUYERS} buyers: purchases attempted ${figures.attempted}, completed ${figures.completed}, failed ${figures.failed}; ` +
      `duplicates ${duplicates}; lost ${lost.length} (portal CONFIRMED ${confirmed.length}, ERP orders ${erpCount.size}, in the ERP only ${notInPortal.length}); ` +
      `5xx ${figures.status5xx.length}${figures.status5xx.length ? ` (${figures.status5xx.slice(0, 5).map((s) => `${s.what} ${s.status}`).join(', ')})` : ''}, ` +
      `no answer ${figures.noAnswer}, keys sent again ${figures.resent}; purchase p95 during the restart ${quantile(during, 0.95).toFixed(0)} ms ` +
      `(p50 ${quantile(during, 0.5).toFixed(0)}, ${during.length} purchases), whole run p95 ${quantile(all, 0.95).toFixed(0)} ms; ` +
      `restart of 3 instances ${((restartTo - restartFrom) / 1000).toFixed(1)} s` +
      (figures.firstFailure ? `; first failure: ${figures.firstFailure}` : ''),
  );

  expect(figures.completed).toBeGreaterThan(0);
  expect(during.length).toBeGreaterThan(0);
  expect(figures.failed).toBe(0);
  expect(figures.completed).toBe(figures.attempted);
  expect(duplicates).toBe(0);
  expect(lost).toEqual([]);
  expect(notInPortal).toEqual([]);
  expect(figures.noAnswer).toBe(0);
  // drained first: no 5xx at all; SIGTERM alone: the proxy and the buyers' resends absorb it for every keyed create
  // and GET, and only a request without a key (`/ov`) may meet a closing instance's 503
  expect(figures.status5xx.filter((s) => DRAIN || s.what !== 'POST /api/user/b1/ov')).toEqual([]);
});
