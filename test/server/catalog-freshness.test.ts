// The catalogue's freshness rule over HTTP (docs/architecture.md, catalogue): the snapshot is refreshed by change in
// the background after its soft age and never served past its hard age; the product detail's stock and prices are at
// most the stock cache's life old, read once per style for every buyer, and the same bytes for every buyer.
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { loadConfig } from '@server/config';
import { productContent } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';

const SOFT_MS = 300;
const HARD_MS = 1500;
const STOCK_MS = 400;

let t: TestApp;
let buyer: { token: string };
let other: { token: string };
let admin: string;

beforeAll(async () => {
  // one instance's ages, on PGlite and on PostgreSQL alike: without the cluster's reader, whose heartbeat (as often as the
  // soft age) would read the ERP ahead of these requests (its timing is catalog-reader.test.ts's)
  t = await createTestApp({}, { catalogMaxAgeMs: SOFT_MS, catalog: { maxAgeMs: HARD_MS, stockTtlMs: STOCK_MS }, sharedItems: false });
  buyer = await login(t.app, '76123456-0', 'Demo1234'); // Gold, 6 % loyalty
  other = await login(t.app, '79012345-K', 'Demo1234'); // another buyer, another loyalty
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
}, 60_000);
afterAll(() => t.close());
afterEach(() => t.b1.setFaults({ refuse: false }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const get = (url: string, token: string, headers?: Record<string, string>) => call(t.app, { method: 'GET', url, token, headers });
const detail = async (sku: string, token = buyer.token) => (await get(`/api/user/b1/products-detail/${sku}`, token)).json();
const wh = (code: string) => t.b1.data.Items.find((i) => i.ItemCode === code)!.ItemWarehouseInfoCollection[0]!;

/** Polls `read` until `done` holds (the background refresh has landed), at most `ms`. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await sleep(20);
  }
}

describe('product detail', () => {
  it('reads a style once for every buyer within the stock cache life, and answers the same bytes to each', async () => {
    const getStyle = jest.spyOn(t.erp, 'getStyle');
    try {
      // at once, as buyers do: one read of the style, and one of its model's other colour, shared by all three
      const [mine, theirs] = await Promise.all([
        get('/api/user/b1/products-detail/CAM-5001', buyer.token, { 'accept-encoding': 'gzip' }),
        get('/api/user/b1/products-detail/CAM-5001-M', other.token, { 'accept-encoding': 'gzip' }),
        get('/api/user/b1/products-detail/CAM-5001', other.token),
      ]);
      expect(getStyle).toHaveBeenCalledTimes(2);
      expect(getStyle.mock.calls.map(([style]) => style).sort()).toEqual(['CAM-5001', 'CAM-5002']);
      expect(mine.headers['content-encoding']).toBe('gzip');
      expect(theirs.rawPayload.equals(mine.rawPayload)).toBe(true);
      expect(theirs.headers.etag).toBe(mine.headers.etag);
      const body = JSON.parse(gunzipSync(mine.rawPayload).toString());
      expect(body.relacionados.map((r: { sku: string }) => r.sku)).toEqual(['CAM-5001-S', 'CAM-5001-M', 'CAM-5001-L', 'CAM-5001-XL']);
      // list prices, never a buyer's loyalty price
      const listed = t.b1.data.Items.find((i) => i.ItemCode === 'CAM-5001-M')!.ItemPrices[0]!.Price;
      expect(body.relacionados[1].preciolista).toBe(listed);
      const revalidated = await get('/api/user/b1/products-detail/CAM-5001', buyer.token, { 'if-none-match': String(mine.headers.etag) });
      expect(revalidated.statusCode).toBe(304);
    } finally {
      getStyle.mockRestore();
    }
  });

  it('answers a style asked for again from its kept body at once while its reads are fresh, and reads again once they are not', async () => {
    // the second request within the reads' fresh half-life (a loaded machine may need another try to get there)
    let first = await get('/api/user/b1/products-detail/POL-1001', buyer.token, { 'accept-encoding': 'gzip' });
    let waiting = jest.spyOn(t.app.catalog, 'detailBody');
    let getStyle = jest.spyOn(t.erp, 'getStyle');
    let again = await get('/api/user/b1/products-detail/POL-1001', other.token, { 'accept-encoding': 'gzip' });
    for (let attempt = 0; attempt < 3 && (waiting.mock.calls.length > 0 || getStyle.mock.calls.length > 0); attempt++) {
      waiting.mockRestore();
      getStyle.mockRestore();
      await sleep(STOCK_MS + 20);
      first = await get('/api/user/b1/products-detail/POL-1001', buyer.token, { 'accept-encoding': 'gzip' });
      waiting = jest.spyOn(t.app.catalog, 'detailBody');
      getStyle = jest.spyOn(t.erp, 'getStyle');
      again = await get('/api/user/b1/products-detail/POL-1001', other.token, { 'accept-encoding': 'gzip' });
    }
    try {
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(waiting).not.toHaveBeenCalled(); // the same tick: no promise, no ERP
      expect(getStyle).not.toHaveBeenCalled();
      await sleep(STOCK_MS + 20);
      const later = await get('/api/user/b1/products-detail/POL-1001', buyer.token, { 'accept-encoding': 'gzip' });
      expect(later.statusCode).toBe(200);
      expect(waiting).toHaveBeenCalledTimes(1); // expired reads: the answer waits for new ones
      expect(getStyle).toHaveBeenCalled();
    } finally {
      waiting.mockRestore();
      getStyle.mockRestore();
    }
  });

  it('never shows stock read longer ago than the stock cache life', async () => {
    const before = (await detail('POL-1005')).relacionados[0].stock;
    wh('POL-1005-XS').InStock += 30; // a goods receipt in the ERP
    try {
      await sleep(STOCK_MS + 20);
      expect((await detail('POL-1005')).relacionados[0].stock).toBe(before + 30);
    } finally {
      wh('POL-1005-XS').InStock -= 30;
    }
  });

  it("never shows another colour's stock read longer ago than the stock cache life either (the grid's rows)", async () => {
    const negro = (d: { colores: { sku: string; relacionados: { sku: string; stock: number }[] }[] }) =>
      d.colores.find((c) => c.sku === 'POL-1002')!.relacionados.find((r) => r.sku === 'POL-1002-M')!.stock;
    const before = negro(await detail('POL-1001'));
    expect(negro(await detail('POL-1001'))).toBe(before); // the kept answer
    wh('POL-1002-M').InStock += 12;
    try {
      await sleep(STOCK_MS + 20);
      expect(negro(await detail('POL-1001'))).toBe(before + 12);
    } finally {
      wh('POL-1002-M').InStock -= 12;
    }
  });

  it('shows an offer and hides a disabled style as soon as the admin saves (on this instance)', async () => {
    await t.database.db.insert(productContent).values([
      { sku: 'PLN-4002', name: 'Polerón', offer: true, genero: 'Unisex', percentage: 15, enabled: true },
      { sku: 'PLN-4003', name: 'Polerón', offer: false, enabled: true },
    ]);
    await t.app.catalog.refresh();
    expect((await detail('PLN-4002')).descuento).toBe(15);
    expect((await detail('PLN-4003')).descuento).toBe(0);
    await t.database.db.update(productContent).set({ enabled: false }).where(eq(productContent.sku, 'PLN-4003'));
    await t.app.catalog.refresh();
    expect((await get('/api/user/b1/products-detail/PLN-4003', buyer.token)).statusCode).toBe(404);
    expect((await get('/api/user/b1/products-detail/PLN-4003-M', admin)).statusCode).toBe(404);
    expect((await get('/api/user/b1/products-detail/NO-EXISTE', buyer.token)).statusCode).toBe(404);
  });
});

describe('catalogue snapshot', () => {
  type Row = { sku: string; preciolista: number };
  const rows = async (): Promise<Row[]> => (await get('/api/user/b1/catalog/products', buyer.token)).json();

  it('after its soft age is answered at once, and the change read by change shows a moment later', async () => {
    await t.app.catalog.refresh();
    const codes = t.b1.data.Items.filter((i) => i.U_Estilo === 'CAL-7003').map((i) => i.ItemCode);
    for (const code of codes) t.b1.updateItem(code, { ItemPrices: [{ PriceList: 1, Price: 43_210 }] });
    await sleep(SOFT_MS + 20);
    const stale = await rows();
    expect(stale.find((r) => r.sku === 'CAL-7003')!.preciolista).not.toBe(43_210);
    const fresh = await until(rows, (list) => list.find((r) => r.sku === 'CAL-7003')!.preciolista === 43_210);
    expect(fresh.find((r) => r.sku === 'CAL-7003')!.preciolista).toBe(43_210);
  });

  it('is served while the ERP is down until its hard age, then answers 503 instead of an expired catalogue', async () => {
    await t.app.catalog.refresh();
    const refreshedAt = Date.now();
    t.b1.setFaults({ refuse: true });
    await sleep(SOFT_MS + 20);
    expect((await get('/api/user/b1/catalog/products', buyer.token)).statusCode).toBe(200); // soft: served, refresh fails
    await sleep(Math.max(0, refreshedAt + HARD_MS + 50 - Date.now()));
    const expired = await get('/api/user/b1/catalog/products', buyer.token);
    expect(expired.statusCode).toBe(503);
    expect(expired.json().message).toEqual(expect.any(String));
    expect((await get('/api/user/b1/products-detail/POL-1001', buyer.token)).statusCode).toBe(503);
    t.b1.setFaults({ refuse: false });
    const back = await until(() => get('/api/user/b1/catalog/products', buyer.token), (res) => res.statusCode === 200);
    expect(back.statusCode).toBe(200);
  });
});

describe('configuration', () => {
  const env = { DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(40) };
  it('reads the catalogue ages, the stock cache life and the ERP paging, with their defaults', () => {
    expect(loadConfig(env).catalog).toEqual({ refreshMs: 60_000, maxAgeMs: 900_000, fullReloadMs: 300_000, stockTtlMs: 5000, pageSize: 1000, concurrency: 6 });
    const set = loadConfig({ ...env, CATALOG_REFRESH: '30s', CATALOG_MAX_AGE: '5m', CATALOG_FULL_RELOAD: '10m', CATALOG_STOCK_TTL: '2s', B1_PAGE_SIZE: '500', B1_PARALLEL_PAGES: '8' });
    expect(set.catalog).toEqual({ refreshMs: 30_000, maxAgeMs: 300_000, fullReloadMs: 600_000, stockTtlMs: 2000, pageSize: 500, concurrency: 8 });
    expect(() => loadConfig({ ...env, B1_PARALLEL_PAGES: '0' })).toThrow('B1_PARALLEL_PAGES inválido');
    expect(() => loadConfig({ ...env, B1_PAGE_SIZE: 'mil' })).toThrow('B1_PAGE_SIZE inválido');
    expect(() => loadConfig({ ...env, CATALOG_REFRESH: '10m', CATALOG_MAX_AGE: '5m' })).toThrow('CATALOG_MAX_AGE');
  });
});
