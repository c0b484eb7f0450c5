import { startCluster } from './cluster';

// One ERP reader of the catalogue for the whole cluster (docs/scale-out.md): the same buyers' traffic through the proxy
// to one instance and to three, and the ERP stand-in's own tally of `GET Items` over the same window. Three instances
// read the catalogue as often as one (and not three times as often, as when each read it on its own). And an ERP outage
// does not take the instances out of the proxy: the catalogue keeps being served.

const BASE = Number(process.env.CLUSTER_TEST_PORT ?? 5170);
const WINDOW_MS = 8_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The ERP's catalogue reads while a buyer reads the catalogue list through the proxy every 100 ms for WINDOW_MS; then,
 * with `outage`, the ERP refuses every connection for 3 s (the proxy's checks run every second, two failures take an
 * instance out): the answers the buyer got meanwhile.
 */
async function catalogueReads(instances: number, outage = false): Promise<{ reads: number; duringOutage: number[] }> {
  const cluster = await startCluster({
    basePort: BASE,
    instances,
    instanceEnv: { CATALOG_REFRESH: '1s', CATALOG_FULL_RELOAD: '4s', LOGIN_MAX_PER_ADDRESS: '1000' },
  });
  try {
    const xsrf = { cookie: 'XSRF-TOKEN=cluster', 'x-xsrf-token': 'cluster' };
    const login = await fetch(`${cluster.url}/api/security/login`, {
      method: 'POST', headers: { ...xsrf, 'content-type': 'application/json' }, body: JSON.stringify({ username: '76.123.456-0', password: 'Demo1234' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const headers = { ...xsrf, authorization: `Bearer ${token}` };
    const list = async () => {
      const res = await fetch(`${cluster.url}/api/user/b1/catalog/products`, { headers });
      await res.arrayBuffer();
      return res.status;
    };
    // every instance has built its catalogue before the window
    for (let i = 0; i < instances * 3; i += 1) expect(await list()).toBe(200);
    await sleep(1_500);
    const before = cluster.b1.requests()['GET Items'] ?? 0;
    for (const until = Date.now() + WINDOW_MS; Date.now() < until; ) {
      expect(await list()).toBe(200);
      await sleep(100);
    }
    const reads = (cluster.b1.requests()['GET Items'] ?? 0) - before;
    const duringOutage: number[] = [];
    if (outage) {
      cluster.b1.setFaults({ refuse: true });
      try {
        for (const until = Date.now() + 3_000; Date.now() < until; ) {
          duringOutage.push(await list());
          await sleep(200);
        }
      } finally {
        cluster.b1.setFaults({ refuse: false });
      }
    }
    return { reads, duringOutage };
  } finally {
    await cluster.stop();
  }
}

it('three instances make the ERP catalogue reads of one over the same window; an ERP outage takes none out of the proxy', async () => {
  const { reads: one } = await catalogueReads(1);
  const { reads: three, duringOutage } = await catalogueReads(3, true);
  console.log(`catalogue ERP reads (GET Items) in ${WINDOW_MS / 1000} s, CATALOG_REFRESH 1 s, through HAProxy: 1 instance ${one}, 3 instances ${three}`);
  expect(one).toBeGreaterThanOrEqual(4);
  expect(three).toBeLessThanOrEqual(one + 2);
  // the proxy checks each instance's own database, not the ERP they share: the catalogue is still served from memory
  expect(duringOutage.length).toBeGreaterThan(5);
  expect(duringOutage.filter((status) => status !== 200)).toEqual([]);
});
