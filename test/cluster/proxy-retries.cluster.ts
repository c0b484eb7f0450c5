import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { haproxyConfig, startProxy, type Proxy } from './haproxy';

// The proxy's retry rules, on the cluster's own haproxy.cfg with two bare backends that misbehave on purpose: the
// first delivery of each request (anywhere) is dropped (the connection closed without an answer) or answered 503, the
// next ones get 200. A request HAProxy may replay shows up twice; one it must not replay, once.

const BASE = Number(process.env.CLUSTER_TEST_PORT ?? 5160);

type Behaviour = 'drop' | '503';

/** How many times each request (x-test-id) reached a backend, and which backends. */
const seen = new Map<string, string[]>();
let behaviour: Behaviour = 'drop';

function backend(name: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const id = String(req.headers['x-test-id']);
    req.resume();
    req.on('end', () => {
      const visits = seen.get(id) ?? [];
      visits.push(name);
      seen.set(id, visits);
      if (visits.length === 1 && behaviour === 'drop') return req.socket.destroy();
      if (visits.length === 1) {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":503}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ servedBy: name }));
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

let dir: string;
let proxy: Proxy;
let servers: http.Server[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'portal-proxy-test-'));
  servers = await Promise.all([backend('a', BASE + 1), backend('b', BASE + 2)]);
  // a third instance that is down (nothing listens): a request sent there never left the proxy
  proxy = await startProxy({ dir, port: BASE, healthPath: 'none', backends: [{ name: 'a', port: BASE + 1 }, { name: 'b', port: BASE + 2 }, { name: 'down', port: BASE + 3 }] });
});

/** For the figure line: requests sent per kind, and how many reached a backend more than once. */
const figures = { withoutKey: 0, withoutKeyReplayed: 0, withKey: 0, withKeyRetried: 0 };

afterAll(async () => {
  console.log(
    `proxy retries: POST without Idempotency-Key ${figures.withoutKey} sent, ${figures.withoutKeyReplayed} replayed; ` +
      `POST with Idempotency-Key ${figures.withKey} sent, ${figures.withKeyRetried} retried on another instance and answered 200`,
  );
  await proxy?.stop();
  await Promise.all((servers ?? []).map((s) => new Promise((resolve) => s.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

/** How many requests HAProxy sent on to another instance after the connection to `down` failed. */
async function redispatchedFromDown(): Promise<number> {
  const [header, ...rows] = (await proxy.command('show stat')).split('\n').filter(Boolean);
  const cols = header!.replace(/^# /, '').split(',');
  const down = rows.map((r) => r.split(',')).find((f) => f[cols.indexOf('svname')] === 'down')!;
  return Number(down[cols.indexOf('wredis')]);
}

let counter = 0;
async function send(method: string, headers: Record<string, string> = {}): Promise<{ status: number; visits: string[] }> {
  const id = `${method}-${++counter}`;
  // a new connection each time: nothing of one request's failure spills into the next
  const res = await fetch(`${proxy.url}/api/orders`, {
    method,
    headers: { 'x-test-id': id, connection: 'close', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers },
    body: method === 'POST' ? '{"orderType":"ONLINE"}' : undefined,
  });
  await res.arrayBuffer();
  return { status: res.status, visits: seen.get(id) ?? [] };
}

describe('HAProxy retries only what is safe to repeat', () => {
  it('the configuration says so: L7 retries are turned off unless GET/HEAD or an Idempotency-Key', () => {
    const cfg = haproxyConfig({ dir: '/tmp', port: 1, backends: [{ name: 'i1', port: 2 }] });
    expect(cfg).toContain('retry-on conn-failure empty-response response-timeout 502 503 504');
    expect(cfg).toContain('http-request disable-l7-retry unless idempotent_method || has_idempotency_key');
    expect(cfg).toContain('acl has_idempotency_key req.hdr(idempotency-key) -m found');
  });

  describe.each<Behaviour>(['drop', '503'])('the instance that got it first %s', (kind) => {
    beforeAll(() => {
      behaviour = kind;
    });

    it('a POST without Idempotency-Key reaches the instances once and is never replayed', async () => {
      for (let i = 0; i < 5; i++) {
        const { status, visits } = await send('POST');
        figures.withoutKey += 1;
        if (visits.length > 1) figures.withoutKeyReplayed += 1;
        expect(visits).toHaveLength(1);
        expect(status).toBe(kind === 'drop' ? 502 : 503);
      }
    });

    it('a POST with an Idempotency-Key is sent again to another instance, which answers', async () => {
      for (let i = 0; i < 5; i++) {
        const { status, visits } = await send('POST', { 'idempotency-key': `key-${counter}` });
        figures.withKey += 1;
        if (status === 200 && visits.length === 2) figures.withKeyRetried += 1;
        expect(status).toBe(200);
        expect(visits).toHaveLength(2);
        expect(new Set(visits).size).toBe(2);
      }
    });

    it('a GET is sent again to another instance, which answers', async () => {
      const { status, visits } = await send('GET');
      expect(status).toBe(200);
      expect(visits).toHaveLength(2);
    });
  });

  it('a POST without key whose connection failed (the instance is down) goes to another one: it was never sent', async () => {
    behaviour = '503';
    const before = await redispatchedFromDown();
    // leastconn spreads new requests over the three servers: some first try the one that is down
    for (let i = 0; i < 6; i++) {
      const id = `refused-${i}`;
      seen.set(id, ['warm']); // already "seen": the backends answer 200 at once
      const res = await fetch(`${proxy.url}/api/orders`, { method: 'POST', headers: { 'x-test-id': id, connection: 'close', 'content-type': 'application/json' }, body: '{}' });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      expect(seen.get(id)).toHaveLength(2); // 'warm' and the one real delivery
    }
    // and some of them did try the instance that is down, and were sent on from it (`wredis` in HAProxy's stats)
    expect((await redispatchedFromDown()) - before).toBeGreaterThan(0);
  });
});
