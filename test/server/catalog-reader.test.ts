// One ERP reader of the catalogue for the whole cluster (docs/scale-out.md): instances on one database elect a holder
// of the lease, only it reads the ERP's items, and every instance serves what it wrote. Here each "instance" is what
// app.ts builds on PostgreSQL — its own ErpService, Service Layer client and catalogue, the reader wired by
// shareCatalogueReads — all on one database and one B1 stand-in, whose own tally counts the reads. On PGlite (one
// process) the same SQL runs on one in-memory database; the app itself reads the ERP on its own there (last case).
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import type { Database } from '@server/db/connect';
import { erpItemReader, erpItems } from '@server/db/schema';
import { CatalogService } from '@server/catalog/catalog.service';
import { SharedReads } from '@server/catalog/sharedReads.repo';
import { ShortCache } from '@server/catalog/shortCache';
import { ContentRepo } from '@server/catalog/content.repo';
import { ErpService } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { LostLeaseError, shareCatalogueReads, type SharedItemSource } from '@server/erp/sharedItems';
import { eq } from 'drizzle-orm';
import { createTestApp, openTestDatabase } from './helpers';

let database: Database;
let b1: B1Mock;

beforeAll(async () => {
  database = await openTestDatabase();
  b1 = await startB1Mock();
}, 60_000);
afterAll(async () => {
  await b1.close();
  await database.close();
});

interface Instance {
  erp: ErpService;
  reader: SharedItemSource;
  catalog: CatalogService;
}

const started: Instance[] = [];
afterEach(async () => {
  for (const i of started.splice(0)) await i.reader.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An instance's own ERP service and Service Layer client, on the stand-in at `url`. */
const erpAt = (url: string) => new ErpService(new ServiceLayerClient({ baseUrl: url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 10_000 }));

/** An instance as app.ts makes one on PostgreSQL; its reader started unless `start: false`. */
async function instance(name: string, opts: { leaseMs?: number; refreshMs?: number; maxAgeMs?: number; start?: boolean; erpUrl?: string } = {}): Promise<Instance> {
  const erp = erpAt(opts.erpUrl ?? b1.url);
  const refreshMs = opts.refreshMs ?? 300;
  // the reader rebuilds the catalogue made right after it, as app.ts wires them
  const holder: { catalog?: CatalogService } = {};
  const reader = shareCatalogueReads(erp, database, { instance: name, leaseMs: opts.leaseMs ?? 900, refreshMs, rebuild: () => holder.catalog!.refresh() });
  const catalog = new CatalogService(erp, new ContentRepo(database.db), { refreshMs, maxAgeMs: opts.maxAgeMs ?? 60_000 });
  holder.catalog = catalog;
  const made = { erp, reader, catalog };
  started.push(made);
  if (opts.start !== false) await reader.start();
  return made;
}

/** Empties the reader's tables: the next instances start as on a new database. */
async function fresh(): Promise<void> {
  await database.db.delete(erpItems);
  await database.db.update(erpItemReader).set({ holder: null, epoch: 0, leaseUntil: null, version: 0, readAt: null, fullAt: null, newest: '', lastRead: null });
}

const itemReads = () => b1.requests()['GET Items'] ?? 0;

/** Buyers asking for the catalogue, round robin over the instances every 20 ms for `ms`; answers the ERP's Items reads. */
async function traffic(instances: Instance[], ms: number): Promise<number> {
  const before = itemReads();
  const until = Date.now() + ms;
  for (let n = 0; Date.now() < until; n += 1) {
    await instances[n % instances.length]!.catalog.snapshot();
    await sleep(20);
  }
  return itemReads() - before;
}

/** A size's list price in the items the instance's catalogue was last built from (its snapshot refreshed first). */
async function priceIn(i: Instance, itemCode: string): Promise<number | undefined> {
  const snapshot = await i.catalog.snapshot();
  const items = i.erp.catalogueItemsRead();
  return snapshot.source.itemsVersion === items?.version ? items.records.find((r) => r.itemCode === itemCode)?.listPrice : undefined;
}

describe('one ERP reader of the catalogue for every instance', () => {
  jest.setTimeout(60_000);

  it('three instances make the catalogue reads of one over the same window', async () => {
    await fresh();
    const one = [await instance('solo')];
    await one[0]!.catalog.snapshot(); // the first full read, outside the window
    const alone = await traffic(one, 3_000);
    await one[0]!.reader.stop();
    started.length = 0;

    await fresh();
    const three = [await instance('a'), await instance('b'), await instance('c')];
    await Promise.all(three.map((i) => i.catalog.snapshot()));
    const together = await traffic(three, 3_000);

    // as before: each instance reading the ERP on its own
    const own = Array.from({ length: 3 }, () => {
      const erp = erpAt(b1.url);
      return { erp, reader: three[0]!.reader, catalog: new CatalogService(erp, new ContentRepo(database.db), { refreshMs: 300, maxAgeMs: 60_000 }) };
    });
    await Promise.all(own.map((i) => i.catalog.snapshot()));
    const separately = await traffic(own, 3_000);
    if (process.env.PRINT_FIGURES) console.log(`catalogue ERP reads in 3 s (refresh 300 ms): 1 instance ${alone}, 3 instances sharing the reader ${together}, 3 instances each on its own ${separately}`);
    expect(alone).toBeGreaterThanOrEqual(5);
    expect(separately).toBeGreaterThanOrEqual(2 * alone);
    expect(Math.abs(together - alone)).toBeLessThanOrEqual(2);
    expect(three.filter((i) => i.reader.holdsLease())).toHaveLength(1);
    expect(three.map((i) => i.reader.reads).filter((n) => n > 0)).toHaveLength(1);
  });

  it('what the holder reads reaches every instance: a price changed in the ERP is served by all three', async () => {
    await fresh();
    const three = [await instance('a'), await instance('b'), await instance('c')];
    await Promise.all(three.map((i) => i.catalog.snapshot()));
    const item = b1.data.Items.find((i) => i.ItemCode === 'POL-1002-M')!;
    const price = item.ItemPrices[0]!.Price + 1000;
    b1.updateItem('POL-1002-M', { ItemPrices: [{ PriceList: item.ItemPrices[0]!.PriceList, Price: price }] });
    for (const i of three) {
      const deadline = Date.now() + 5_000;
      while ((await priceIn(i, 'POL-1002-M')) !== price && Date.now() < deadline) await sleep(50);
      expect(await priceIn(i, 'POL-1002-M')).toBe(price);
    }
    const [row] = await database.db.select().from(erpItems).where(eq(erpItems.itemCode, 'POL-1002-M'));
    expect((row!.record as { listPrice: number }).listPrice).toBe(price);
  });

  it('a purchase order the ERP moves reaches every instance: one read of the purchase orders, every size’s arrivals', async () => {
    await fresh();
    const three = [await instance('a'), await instance('b'), await instance('c')];
    await Promise.all(three.map((i) => i.catalog.snapshot()));
    const before = b1.requests()['GET PurchaseOrders'] ?? 0;
    const po = b1.purchaseOrders().find((p) => p.DocumentStatus === 'bost_Open' && p.DocumentLines.some((l) => l.ItemCode === 'CHA-3003-XS'))!;
    const line = po.DocumentLines.find((l) => l.ItemCode === 'CHA-3003-XS')!;
    const later = new Date(new Date(String(line.ShipDate).slice(0, 10)).getTime() + 14 * 86_400_000).toISOString().slice(0, 10);
    b1.movePurchaseOrder(po.DocEntry, { lineNum: line.LineNum, shipDate: later });
    for (const i of three) {
      const deadline = Date.now() + 5_000;
      const arrives = () => i.erp.itemRecord('CHA-3003-XS')?.arrivals?.map(([date]) => date);
      while (!arrives()?.includes(later) && Date.now() < deadline) {
        await i.catalog.snapshot();
        await sleep(50);
      }
      expect(arrives()).toContain(later);
    }
    // the holder read the purchase orders by change; the others took the arrivals from the records it wrote
    expect(three.filter((i) => i.reader.holdsLease())).toHaveLength(1);
    const reads = (b1.requests()['GET PurchaseOrders'] ?? 0) - before;
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(three[0]!.reader.reads + three[1]!.reader.reads + three[2]!.reader.reads);
  });

  it('an item no longer sold leaves every instance', async () => {
    await fresh();
    const [a, b] = [await instance('a'), await instance('b')];
    await Promise.all([a.catalog.snapshot(), b.catalog.snapshot()]);
    expect((await b.catalog.snapshot()).listPriceOf.has('CHA-3003')).toBe(true);
    for (const item of b1.data.Items.filter((i) => i.U_Estilo === 'CHA-3003')) b1.updateItem(item.ItemCode, { Valid: 'tNO' });
    const deadline = Date.now() + 5_000;
    while ((await b.catalog.snapshot()).listPriceOf.has('CHA-3003') && Date.now() < deadline) await sleep(50);
    expect((await b.catalog.snapshot()).listPriceOf.has('CHA-3003')).toBe(false);
    expect((await a.catalog.snapshot()).listPriceOf.has('CHA-3003')).toBe(false);
    for (const item of b1.data.Items.filter((i) => i.U_Estilo === 'CHA-3003')) b1.updateItem(item.ItemCode, { Valid: 'tYES' });
  });

  it('when the holder dies, another instance takes the lease over and reads', async () => {
    await fresh();
    // the holder reads once and then is gone: no heartbeat renews its lease (as after kill -9)
    const dead = await instance('dead', { leaseMs: 400, start: false });
    await dead.reader.sync();
    expect(dead.reader.holdsLease()).toBe(true);
    const heir = await instance('heir', { leaseMs: 400 });
    const deadline = Date.now() + 5_000;
    while (!heir.reader.holdsLease() && Date.now() < deadline) await sleep(50);
    expect(heir.reader.holdsLease()).toBe(true);
    const [lease] = await database.db.select().from(erpItemReader);
    expect(lease).toMatchObject({ holder: 'heir', epoch: 2 });
    const item = b1.data.Items.find((i) => i.ItemCode === 'POL-1002-L')!;
    const price = item.ItemPrices[0]!.Price + 500;
    b1.updateItem('POL-1002-L', { ItemPrices: [{ PriceList: item.ItemPrices[0]!.PriceList, Price: price }] });
    const read = Date.now() + 5_000;
    while ((await priceIn(heir, 'POL-1002-L')) !== price && Date.now() < read) await sleep(50);
    expect(await priceIn(heir, 'POL-1002-L')).toBe(price);
    expect(heir.reader.reads).toBeGreaterThan(0);
  });

  it('a holder that lost its lease in the middle of a read writes nothing (fenced by the epoch)', async () => {
    await fresh();
    // a slow ERP for the first holder only: a second stand-in with the same demo data, answering after 1.5 s
    const slowErp = await startB1Mock({ latencyMs: 1_500 });
    try {
      const slow = await instance('slow', { leaseMs: 300, start: false, erpUrl: slowErp.url });
      const reading = slow.reader.sync();
      await sleep(100);
      expect(slow.reader.holdsLease()).toBe(true);
      // its lease runs out meanwhile; another instance takes it over and writes the items first
      await sleep(400);
      const heir = await instance('heir', { leaseMs: 3_000, start: false });
      await heir.reader.sync();
      expect(heir.reader.holdsLease()).toBe(true);
      const [afterHeir] = await database.db.select().from(erpItemReader);
      await expect(reading).rejects.toBeInstanceOf(LostLeaseError);
      expect(slow.reader.holdsLease()).toBe(false);
      const [afterSlow] = await database.db.select().from(erpItemReader);
      expect(afterSlow).toEqual(afterHeir);
      expect(afterSlow).toMatchObject({ holder: 'heir' });
    } finally {
      await slowErp.close();
    }
  });

  it('before a quick order prices, the holder reads by change and writes it for all; another instance reads it for itself', async () => {
    await fresh();
    const [a, b] = [await instance('a', { start: false }), await instance('b', { start: false })];
    await a.reader.sync();
    await b.reader.sync();
    expect([a.reader.holdsLease(), b.reader.holdsLease()]).toEqual([true, false]);
    const item = b1.data.Items.find((i) => i.U_Estilo === 'POL-1002' && !['POL-1002-M', 'POL-1002-L'].includes(i.ItemCode))!;
    const price = item.ItemPrices[0]!.Price + 700;
    b1.updateItem(item.ItemCode, { ItemPrices: [{ PriceList: item.ItemPrices[0]!.PriceList, Price: price }] });
    const stored = async () => ((await database.db.select().from(erpItems).where(eq(erpItems.itemCode, item.ItemCode)))[0]!.record as { listPrice: number }).listPrice;
    const before = await stored();

    const reads = b.reader.reads;
    const seenByB = await b.erp.catalogueItemsChanged();
    expect(seenByB.records.find((r) => r.itemCode === item.ItemCode)!.listPrice).toBe(price);
    expect(b.reader.reads).toBe(reads); // not as the holder: nothing written
    expect(await stored()).toBe(before);

    const seenByA = await a.erp.catalogueItemsChanged();
    expect(seenByA.last.kind).toBe('delta');
    expect(seenByA.records.find((r) => r.itemCode === item.ItemCode)!.listPrice).toBe(price);
    expect(await stored()).toBe(price);
  });

  it('no instance serves a snapshot older than the hard age (CATALOG_MAX_AGE) when the reader cannot read the ERP', async () => {
    await fresh();
    const erp = await startB1Mock();
    try {
      const [a, b] = [await instance('a', { erpUrl: erp.url, maxAgeMs: 2_500 }), await instance('b', { erpUrl: erp.url, maxAgeMs: 2_500 })];
      await Promise.all([a.catalog.snapshot(), b.catalog.snapshot()]);
      erp.setFaults({ refuse: true });
      await sleep(2_800);
      for (const i of [a, b]) await expect(i.catalog.snapshot()).rejects.toThrow();
      erp.setFaults({ refuse: false });
      const deadline = Date.now() + 5_000;
      let served = false;
      while (!served && Date.now() < deadline) {
        served = await b.catalog.snapshot().then(() => true, () => false);
        if (!served) await sleep(100);
      }
      expect(served).toBe(true);
    } finally {
      await erp.close();
    }
  });

  it('the app shares the reader on PostgreSQL and reads the ERP itself on PGlite', async () => {
    const t = await createTestApp();
    try {
      await t.app.catalog.snapshot();
      const written = await t.database.db.select({ itemCode: erpItems.itemCode }).from(erpItems);
      if (t.database.kind === 'postgres') {
        expect(written.length).toBeGreaterThan(10);
        const [lease] = await t.database.db.select().from(erpItemReader);
        expect(lease!.holder).not.toBeNull();
      } else {
        expect(written).toEqual([]);
      }
    } finally {
      await t.close();
    }
  });
});

describe('ERP reads shared by the instances (the stock of a style, a company\'s open items)', () => {
  it('a read one instance made is served by another while younger than half its life, then read again', async () => {
    const reads = new SharedReads(database.db);
    let erpReads = 0;
    const load = async (key: string) => {
      erpReads += 1;
      return { key, sizes: [{ itemCode: `${key}-M`, stock: erpReads }] };
    };
    const a = new ShortCache(load, { ttlMs: 1_000, shared: { reads, scope: 'test-style' } });
    const b = new ShortCache(load, { ttlMs: 1_000, shared: { reads, scope: 'test-style' } });
    const first = await a.get('POL-1001');
    await sleep(50); // the write is not awaited by the reader
    expect(await b.get('POL-1001')).toEqual(first);
    expect(erpReads).toBe(1);
    // past half its life another instance reads the ERP itself
    await sleep(600);
    const c = new ShortCache(load, { ttlMs: 1_000, shared: { reads, scope: 'test-style' } });
    expect((await c.get('POL-1001')).sizes[0]!.stock).toBe(2);
    expect(erpReads).toBe(2);
  });

  it('the product detail on a second instance does not ask the ERP for the stock the first one just read', async () => {
    const reads = new SharedReads(database.db);
    const make = () => {
      const erp = erpAt(b1.url);
      return new CatalogService(erp, new ContentRepo(database.db), { refreshMs: 60_000, stockTtlMs: 5_000, sharedReads: reads });
    };
    const [a, b] = [make(), make()];
    await Promise.all([a.snapshot(), b.snapshot()]);
    const before = itemReads();
    const detail = await a.detail('CAM-5001');
    expect(itemReads()).toBeGreaterThan(before); // the first instance reads the style (and its colours) from the ERP
    await sleep(50);
    const afterFirst = itemReads();
    expect(await b.detail('CAM-5001')).toEqual(detail);
    expect(itemReads()).toBe(afterFirst);
  });
});
