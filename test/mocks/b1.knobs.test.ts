// The stand-in's test knobs: latency, injected faults, and a 20,000-item catalogue.
import { startB1Mock, type B1Mock } from '@mocks/b1/server';

const LOGIN = JSON.stringify({ CompanyDB: 'SBODEMOCL', UserName: 'manager', Password: 'manager' });

async function login(m: B1Mock): Promise<string> {
  const res = await fetch(`${m.url}/Login`, { method: 'POST', body: LOGIN });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

describe('faults and latency', () => {
  let mock: B1Mock;
  let cookie: string;
  const get = (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(`${mock.url}/${path}`, { ...init, headers: { cookie } });

  beforeAll(async () => {
    mock = await startB1Mock();
    cookie = await login(mock);
  });
  afterEach(() => {
    mock.setFaults({ errorRate: 0, refuse: false, hang: false, expireSessions: false });
    mock.setLatency(0);
  });
  afterAll(async () => { await mock.close(); });

  it('errorRate 1 answers every request 500 with an SL body', async () => {
    mock.setFaults({ errorRate: 1 });
    for (const path of ['Countries', "Items('POL-1001-M')"]) {
      const res = await get(path);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: { code: -1, message: { lang: 'en-us', value: 'Internal server error (injected fault)' } } });
    }
  });

  it('errorRate 0.5 fails exactly every second request', async () => {
    mock.setFaults({ errorRate: 0.5 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await get('Countries')).status);
    expect(statuses).toEqual([200, 500, 200, 500, 200, 500]);
    mock.setFaults({ errorRate: 0 });
    expect((await get('Countries')).status).toBe(200);
  });

  it('refuse destroys the connection; turning it off restores service', async () => {
    mock.setFaults({ refuse: true });
    await expect(get('Countries')).rejects.toThrow('fetch failed');
    await expect(fetch(`${mock.url}/Login`, { method: 'POST', body: LOGIN })).rejects.toThrow('fetch failed');
    mock.setFaults({ refuse: false });
    expect((await get('Countries')).status).toBe(200);
  });

  it('hang never answers, so the client times out', async () => {
    mock.setFaults({ hang: true });
    const started = Date.now();
    await expect(get('Countries', { signal: AbortSignal.timeout(300) })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    mock.setFaults({ hang: false });
    expect((await get('Countries')).status).toBe(200);
  });

  it('expireSessions answers 301 even right after a login', async () => {
    mock.setFaults({ expireSessions: true });
    const fresh = await login(mock);
    const res = await fetch(`${mock.url}/Countries`, { headers: { cookie: fresh } });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe(301);
    mock.setFaults({ expireSessions: false });
    cookie = await login(mock);
    expect((await get('Countries')).status).toBe(200);
  });

  it('latency delays every request', async () => {
    mock.setLatency(250);
    const started = Date.now();
    expect((await get('Countries')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(245);
    mock.setLatency(0);
    const quick = Date.now();
    await get('Countries');
    expect(Date.now() - quick).toBeLessThan(200);
  });

  it('faults and latency can be set at start', async () => {
    const slow = await startB1Mock({ latencyMs: 150, faults: { errorRate: 1 } });
    try {
      const started = Date.now();
      const res = await fetch(`${slow.url}/Login`, { method: 'POST', body: LOGIN });
      expect(res.status).toBe(500);
      expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    } finally {
      await slow.close();
    }
  });
});

describe('catalogueSize', () => {
  let big: B1Mock;
  let cookie: string;
  beforeAll(async () => {
    big = await startB1Mock({ catalogueSize: 20000 });
    cookie = await login(big);
  });
  afterAll(async () => { await big.close(); });

  it('serves the demo catalogue plus exactly 20,000 generated Items', async () => {
    const demo = 287;
    const res = await fetch(`${big.url}/Items?$select=ItemCode&$inlinecount=allpages&$top=3&$skip=${demo}`, { headers: { cookie } });
    const body = await res.json();
    expect(body['odata.count']).toBe(demo + 20000);
    expect(body.value).toEqual([{ ItemCode: 'GEN-00001-S' }, { ItemCode: 'GEN-00001-M' }, { ItemCode: 'GEN-00001-L' }]);
    const count = await fetch(`${big.url}/Items/$count?$filter=startswith(ItemCode,'GEN-')`, { headers: { cookie } });
    expect(await count.text()).toBe('20000');
    const last = big.data.Items.at(-1)!;
    const one = await fetch(`${big.url}/Items('${last.ItemCode}')`, { headers: { cookie } });
    expect((await one.json()).ItemCode).toBe(last.ItemCode);
  });

  it('filters the big catalogue quickly and pages it with maxpagesize', async () => {
    const started = Date.now();
    const res = await fetch(`${big.url}/Items?$select=ItemCode,ItemName&$filter=contains(ItemName,'modelo 1234')&$inlinecount=allpages`, {
      headers: { cookie, Prefer: 'odata.maxpagesize=1000' },
    });
    const body = await res.json();
    expect(res.headers.get('preference-applied')).toBe('odata.maxpagesize=1000');
    expect(body['odata.count']).toBe(big.data.Items.filter((i) => i.ItemName.toLowerCase().includes('modelo 1234')).length);
    expect(body['odata.count']).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
