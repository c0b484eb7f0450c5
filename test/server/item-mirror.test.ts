// The catalogue's copy of the ERP's items against the B1 stand-in: a full read, then reads by change merged into it,
// a full read again when due (deletions, stock moved by documents), one read shared by concurrent callers.
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import type { B1Item } from '@mocks/b1/types';
import { changedSince, ItemMirror } from '@server/erp/itemMirror';
import { ServiceLayerClient } from '@server/erp/serviceLayer';

let mock: B1Mock;
let clock = 1_000_000;
const now = () => clock;
const log: string[] = [];

beforeAll(async () => {
  mock = await startB1Mock({ maxPageSize: 60 });
});
afterAll(async () => {
  await mock.close();
});

function mirror(options: { fullReloadMs?: number } = {}) {
  const sl = new ServiceLayerClient({
    baseUrl: mock.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 5000,
    fetch: (url, init) => {
      if (url.includes('/Items')) log.push(decodeURIComponent(url.replace(mock.url, '')));
      return fetch(url, init);
    },
  });
  return new ItemMirror(sl, { pageSize: 1000, concurrency: 3, fullReloadMs: options.fullReloadMs ?? 60_000, now });
}

const sellable = () => mock.data.Items.filter((i) => i.SalesItem === 'tYES' && i.Valid === 'tYES');
const stockOf = (item: B1Item) => item.ItemWarehouseInfoCollection.reduce((s, w) => s + w.InStock - w.Committed + w.Ordered, 0);

describe('ItemMirror', () => {
  it('reads every sellable item once in ItemCode order, then only what changed, merged', async () => {
    const m = mirror();
    log.length = 0;
    const full = await m.sync();
    expect(full.last.kind).toBe('full');
    expect(full.records.map((r) => r.itemCode)).toEqual(sellable().map((i) => i.ItemCode).sort());
    expect(full.readAt).toBe(clock);
    expect(full.fullAt).toBe(clock);
    // pages of 60 (the stand-in's largest), the first with the total, none of them with the long texts
    expect(log.length).toBe(Math.ceil(full.records.length / 60));
    expect(log.every((u) => !u.includes('U_DescripcionLarga') && u.includes('UpdateDate,UpdateTime'))).toBe(true);

    // nothing changed: the same records, the same version
    clock += 1000;
    log.length = 0;
    const same = await m.sync();
    expect(same.last.kind).toBe('delta');
    expect(same.records).toBe(full.records);
    expect(same.version).toBe(full.version);
    expect(same.readAt).toBe(clock);
    expect(log).toHaveLength(1);
    expect(log[0]).toContain('$filter=UpdateDate gt');

    // a price, a deactivation: merged; the rest untouched
    mock.updateItem('POL-1001-M', { ItemPrices: [{ PriceList: 1, Price: 7777 }] });
    mock.updateItem('PAN-2001-40', { Valid: 'tNO' });
    clock += 1000;
    const changed = await m.sync();
    expect(changed.version).toBe(full.version + 1);
    expect(changed.records.find((r) => r.itemCode === 'POL-1001-M')!.listPrice).toBe(7777);
    expect(changed.records.some((r) => r.itemCode === 'PAN-2001-40')).toBe(false);
    expect(changed.records).toHaveLength(full.records.length - 1);
    expect(changed.last.rows).toBeLessThan(100);

    // sellable again: back, in its place
    mock.updateItem('PAN-2001-40', { Valid: 'tYES' });
    clock += 1000;
    const back = await m.sync();
    expect(back.records.map((r) => r.itemCode)).toEqual(full.records.map((r) => r.itemCode));
    expect(back.fullAt).toBe(full.fullAt);
  });

  it('a full read when due: deletions and stock moved by documents (which move no stamp) show only then', async () => {
    const m = mirror({ fullReloadMs: 10_000 });
    const first = await m.sync();
    const item = mock.data.Items.find((i) => i.ItemCode === 'CAM-5002-L')!;
    const wh = item.ItemWarehouseInfoCollection[0]!;
    wh.InStock += 60; // a goods receipt: stock moves, the item's stamps do not
    const at = mock.data.Items.findIndex((i) => i.ItemCode === 'CAM-5002-XL');
    const [deleted] = mock.data.Items.splice(at, 1); // deleted in the ERP
    try {
      clock += 5000;
      const delta = await m.sync();
      expect(delta.last.kind).toBe('delta');
      expect(delta.records.find((r) => r.itemCode === 'CAM-5002-L')!.stock).toBe(first.records.find((r) => r.itemCode === 'CAM-5002-L')!.stock);
      expect(delta.records.some((r) => r.itemCode === 'CAM-5002-XL')).toBe(true);

      clock += 5000;
      const full = await m.sync();
      expect(full.last.kind).toBe('full');
      expect(full.fullAt).toBe(clock);
      expect(full.records.find((r) => r.itemCode === 'CAM-5002-L')!.stock).toBe(Math.max(0, stockOf(item)));
      expect(full.records.some((r) => r.itemCode === 'CAM-5002-XL')).toBe(false);
    } finally {
      wh.InStock -= 60;
      mock.data.Items.splice(at, 0, deleted!);
    }
  });

  it('a read by change looks back `overlap` from the newest stamp, so a late commit with an earlier stamp is read', async () => {
    const m = mirror();
    await m.sync();
    const newest = mock.data.Items.map((i) => `${i.UpdateDate} ${i.UpdateTime}`).sort().at(-1)!;
    log.length = 0;
    clock += 1000;
    await m.sync();
    const [date, time] = newest.split(' ');
    const back = new Date(new Date(`${date}T${time}Z`).getTime() - 5 * 60_000).toISOString();
    expect(log[0]).toContain(changedSince(`${back.slice(0, 10)} ${back.slice(11, 19)}`));
  });

  it('shares one read between concurrent callers; a failed read leaves the copy as it was', async () => {
    const m = mirror();
    log.length = 0;
    const [a, b] = await Promise.all([m.sync(), m.sync()]);
    expect(a).toBe(b);
    const pages = log.length;
    expect(pages).toBe(Math.ceil(a.records.length / 60));
    mock.setFaults({ refuse: true });
    clock += 1000;
    await expect(m.sync()).rejects.toMatchObject({ code: 'ERP_UNAVAILABLE' });
    mock.setFaults({ refuse: false });
    expect(m.current()).toBe(a);
  });

  it('writes the filter of a read by change with the time, or by day alone', () => {
    expect(changedSince('2026-11-20 10:05:00')).toBe("UpdateDate gt '2026-11-20' or (UpdateDate eq '2026-11-20' and UpdateTime ge '10:05:00')");
    expect(changedSince('2026-11-20')).toBe("UpdateDate ge '2026-11-20'");
  });
});
