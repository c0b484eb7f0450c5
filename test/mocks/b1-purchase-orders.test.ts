// The stand-in's incoming goods: PurchaseOrders (B1's OPOR) made from the Items' Ordered so that, as B1 keeps it, an
// Item's Ordered is the remaining quantity of the open lines of open purchase orders; the demo stories (next season,
// restocks of sold-out sizes, a delayed order, a size with nothing coming); reading them like any set; moving,
// cutting and receiving them (PATCH, knobs, the portal's control API); and a sales line's own ShipDate.
import { addDays, today } from '@mocks/b1/documents';
import { buildDemoCatalogue } from '@mocks/b1/catalogue';
import { buildDemoData, INCOMING_DEMO } from '@mocks/b1/data';
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import type { B1Data, B1Document, B1PurchaseOrder } from '@mocks/b1/types';
import { registerFaultControl, standInFaultControls } from '@server/embedded';
import { isValidRut } from '@shared/rut';
import { createTestApp, type TestApp } from '../server/helpers';
import { callB1, expectB1Error, loginB1, salesOrder } from './b1Client';

const REF = '2026-12-01';
const days = (date: string) => Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${REF}T00:00:00Z`)) / 86_400_000);
const openLines = (pos: B1PurchaseOrder[]) =>
  pos.filter((p) => p.DocumentStatus === 'bost_Open' && p.Cancelled === 'tNO').flatMap((p) => p.DocumentLines.filter((l) => l.LineStatus === 'bost_Open'));

/** Every Item's Ordered equals what its open purchase order lines still bring (and nothing is on order without a line). */
function expectOrderedConsistent(data: B1Data): void {
  const sums = new Map<string, number>();
  for (const l of openLines(data.PurchaseOrders)) sums.set(`${l.ItemCode}|${l.WarehouseCode}`, (sums.get(`${l.ItemCode}|${l.WarehouseCode}`) ?? 0) + l.RemainingOpenQuantity);
  const wrong = data.Items.flatMap((i) => i.ItemWarehouseInfoCollection
    .filter((w) => w.Ordered !== (sums.get(`${i.ItemCode}|${w.WarehouseCode}`) ?? 0))
    .map((w) => [i.ItemCode, w.Ordered, sums.get(`${i.ItemCode}|${w.WarehouseCode}`) ?? 0]));
  expect(wrong).toEqual([]);
}

describe('the demo purchase orders', () => {
  const data = buildDemoData({ purchaseReferenceDate: REF });
  const item = (code: string) => data.Items.find((i) => i.ItemCode === code)!;
  const linesOf = (code: string) => openLines(data.PurchaseOrders).filter((l) => l.ItemCode === code);

  it('are made from the Items\' Ordered: every demo Item\'s Ordered is its open lines\' remaining quantity', () => {
    expectOrderedConsistent(data);
    // the catalogue's own figures did not move: the orders follow them
    const before = buildDemoCatalogue();
    expect(data.Items.slice(0, before.length).map((i) => [i.ItemCode, i.ItemWarehouseInfoCollection[0].Ordered]))
      .toEqual(before.map((i) => [i.ItemCode, i.ItemWarehouseInfoCollection[0].Ordered]));
    expect(data.Items.filter((i) => i.ItemWarehouseInfoCollection[0].Ordered > 0).length).toBeGreaterThan(60);
    expect(buildDemoData({ purchaseReferenceDate: REF }).PurchaseOrders).toEqual(data.PurchaseOrders);
  });

  it('come from suppliers, at the supplier\'s cost, with the document fields the portal reads', () => {
    const suppliers = data.BusinessPartners.filter((b) => b.CardType === 'cSupplier');
    expect(suppliers.map((s) => s.CardCode)).toEqual(INCOMING_DEMO.suppliers);
    expect(suppliers.map((s) => s.FederalTaxID)).toEqual(['76100200-7', '77250800-K', '96511230-8']);
    expect(suppliers.every((s) => isValidRut(s.FederalTaxID) && s.BPAddresses.length === 2)).toBe(true);
    for (const po of data.PurchaseOrders) {
      expect(INCOMING_DEMO.suppliers).toContain(po.CardCode);
      expect(po).toMatchObject({ DocObjectCode: 'oPurchaseOrders', DocCurrency: 'CLP', DocNum: 4000 + po.DocEntry, UpdateDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), UpdateTime: expect.stringMatching(/^\d\d:\d\d:\d\d$/) });
      expect(po.UpdateDate < REF).toBe(true);
      expect(po.DocTotal).toBe(po.DocumentLines.reduce((s, l) => s + l.LineTotal, 0) + po.VatSum);
      for (const l of po.DocumentLines) {
        const list = item(l.ItemCode).ItemPrices[0].Price;
        expect(l.Price).toBeGreaterThan(0);
        expect(l.Price).toBeLessThan(list);
        expect(l.ShipDate).toMatch(/^\d{4}-\d\d-\d\d$/);
        expect(l.OpenQuantity).toBe(l.RemainingOpenQuantity);
        expect(l.RemainingOpenQuantity).toBeLessThanOrEqual(l.Quantity);
        expect(l.WarehouseCode).toBe('01');
      }
    }
    // some old ones closed (received), one cancelled; an open one with a line already partly received
    expect(data.PurchaseOrders.filter((p) => p.DocumentStatus === 'bost_Close').length).toBeGreaterThanOrEqual(2);
    expect(data.PurchaseOrders.filter((p) => p.Cancelled === 'tYES')).toHaveLength(1);
    expect(openLines(data.PurchaseOrders).some((l) => l.Quantity > l.RemainingOpenQuantity)).toBe(true);
  });

  it('bring next season: three new styles with nothing on hand and everything 5 to 9 weeks away', () => {
    expect(INCOMING_DEMO.nextSeasonStyles).toEqual(['POL-1101', 'VES-6101', 'CHA-3101']);
    expect(new Set(data.Items.map((i) => i.U_Estilo)).size).toBe(68);
    for (const style of INCOMING_DEMO.nextSeasonStyles) {
      const sizes = data.Items.filter((i) => i.U_Estilo === style);
      expect(sizes.map((i) => i.U_Talla)).toEqual(style.startsWith('VES') ? ['XS', 'S', 'M', 'L'] : ['S', 'M', 'L', 'XL']);
      for (const i of sizes) {
        expect(i.ItemWarehouseInfoCollection[0]).toMatchObject({ InStock: 0, Committed: 0, Ordered: expect.any(Number) });
        expect(i.ItemWarehouseInfoCollection[0].Ordered).toBeGreaterThan(0);
        expect(i.QuantityOnStock).toBe(0);
        expect(i.U_Modelo).toBe(`MOD-${style.slice(4)}`);
        expect(i.UpdateDate < data.referenceDate).toBe(true);
        for (const l of linesOf(i.ItemCode)) expect(days(l.ShipDate!)).toBeGreaterThanOrEqual(35);
        for (const l of linesOf(i.ItemCode)) expect(days(l.ShipDate!)).toBeLessThanOrEqual(63);
      }
    }
    expect(item('POL-1101-M').ItemName).toBe('Polera Lino Verano Verde Salvia T-M');
    // after the demo catalogue, before nothing else: the 275 of before keep their places
    expect(data.Items.slice(275).map((i) => i.U_Estilo)).toEqual([...Array(4).fill('POL-1101'), ...Array(4).fill('VES-6101'), ...Array(4).fill('CHA-3101')]);
  });

  it('restock two sold-out sizes within 10 to 20 days; POL-1001-XL has nothing coming', () => {
    for (const [code, qty] of Object.entries(INCOMING_DEMO.restocks)) {
      expect(item(code).ItemWarehouseInfoCollection[0]).toMatchObject({ InStock: 0, Ordered: qty });
      expect(linesOf(code).reduce((s, l) => s + l.RemainingOpenQuantity, 0)).toBe(qty);
      for (const l of linesOf(code)) expect(days(l.ShipDate!)).toBeGreaterThanOrEqual(10);
      for (const l of linesOf(code)) expect(days(l.ShipDate!)).toBeLessThanOrEqual(20);
    }
    expect(item(INCOMING_DEMO.nothingComing).ItemWarehouseInfoCollection[0]).toMatchObject({ InStock: 0, Ordered: 0 });
    expect(linesOf(INCOMING_DEMO.nothingComing)).toEqual([]);
  });

  it('have one order its supplier delayed, and spread every other Ordered over 7 to 60 days', () => {
    const delayed = data.PurchaseOrders.find((p) => p.DocEntry === INCOMING_DEMO.delayedDocEntry)!;
    expect(delayed).toMatchObject({ DocumentStatus: 'bost_Open', Cancelled: 'tNO', Comments: expect.stringMatching(/^Proveedor informa atraso/) });
    const open = delayed.DocumentLines.filter((l) => l.LineStatus === 'bost_Open');
    expect(open.length).toBeGreaterThan(1);
    for (const l of open) expect(l.ShipDate! > delayed.DocDueDate).toBe(true);
    expect(delayed.Comments).toContain(`${delayed.DocDueDate.slice(8)}-${delayed.DocDueDate.slice(5, 7)}-${delayed.DocDueDate.slice(0, 4)}`);
    // the first line partly came in, another line arrived in full
    expect(open[0]!.Quantity - open[0]!.RemainingOpenQuantity).toBe(12);
    expect(delayed.DocumentLines.some((l) => l.LineStatus === 'bost_Close' && l.RemainingOpenQuantity === 0)).toBe(true);

    const special = new Set([...INCOMING_DEMO.nextSeasonStyles]);
    const others = openLines(data.PurchaseOrders).filter((l) => !special.has(l.ItemCode.slice(0, 8)) && !(l.ItemCode in INCOMING_DEMO.restocks));
    expect(others.length).toBeGreaterThan(50);
    for (const l of others) expect([l.ItemCode, days(l.ShipDate!) >= 7 && days(l.ShipDate!) <= 60]).toEqual([l.ItemCode, true]);
    // some Item's quantity comes on two dates
    const dates = new Map<string, Set<string>>();
    for (const l of others) dates.set(l.ItemCode, (dates.get(l.ItemCode) ?? new Set()).add(l.ShipDate!));
    expect([...dates.values()].some((d) => d.size === 2)).toBe(true);
  });

  it('are dated from today (Chile) unless a purchase reference date is given', () => {
    const now = buildDemoData();
    const due = (pos: B1PurchaseOrder[]) => pos.filter((p) => p.Comments === 'Reposición de talla agotada').map((p) => p.DocDueDate);
    expect(due(now.PurchaseOrders)).toEqual([addDays(today(), 12), addDays(today(), 17)]);
    expect(due(data.PurchaseOrders)).toEqual([addDays(REF, 12), addDays(REF, 17)]);
    expect(due(buildDemoData({ purchaseReferenceDate: '20261201' }).PurchaseOrders)).toEqual([addDays(REF, 12), addDays(REF, 17)]);
    expect(() => buildDemoData({ purchaseReferenceDate: '2026-02-30' })).toThrow('purchaseReferenceDate is not a date (YYYY-MM-DD): 2026-02-30');
  });

  it('of a generated catalogue keep its Ordered too, and purchaseOrderLines sizes them', () => {
    const big = buildDemoData({ purchaseReferenceDate: REF, catalogueSize: 3000 });
    expectOrderedConsistent(big);
    const generated = (d: B1Data) => openLines(d.PurchaseOrders).filter((l) => l.ItemCode.startsWith('GEN-'));
    expect(generated(big).length).toBe(big.Items.filter((i) => i.ItemCode.startsWith('GEN-') && i.ItemWarehouseInfoCollection[0].Ordered > 0).length);
    expect(generated(big).length).toBeGreaterThan(700);
    expect(big.PurchaseOrders.slice(0, data.PurchaseOrders.length)).toEqual(data.PurchaseOrders);
    const sized = buildDemoData({ purchaseReferenceDate: REF, catalogueSize: 3000, purchaseOrderLines: 300 });
    expectOrderedConsistent(sized);
    expect(generated(sized)).toHaveLength(300);
    for (const l of generated(sized)) expect(days(l.ShipDate!)).toBeGreaterThanOrEqual(7);
  });
});

describe('PurchaseOrders over the Service Layer', () => {
  let mock: B1Mock;
  let cookie: string;
  const get = async <T>(path: string): Promise<T> => {
    const res = await callB1(mock, cookie, path);
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  const patch = (n: number, json: unknown) => callB1(mock, cookie, `PurchaseOrders(${n})`, { method: 'PATCH', json });
  const wh = (code: string) => mock.data.Items.find((i) => i.ItemCode === code)!.ItemWarehouseInfoCollection[0]!;
  const po = (n: number) => mock.purchaseOrders().find((p) => p.DocEntry === n)!;
  const q = (o: Record<string, string>) => new URLSearchParams(o).toString();

  beforeAll(async () => {
    // dated from today, as the portal's embedded stand-in: every seeded change stamp is before any change made now
    mock = await startB1Mock();
    cookie = await loginB1(mock);
  });
  afterAll(async () => { await mock.close(); });

  it('reads the collection with $filter, $select, $orderby and paging like any set', async () => {
    const all = mock.purchaseOrders();
    const first = await get<{ value: B1PurchaseOrder[]; 'odata.nextLink'?: string }>('PurchaseOrders');
    expect(first.value).toHaveLength(all.length <= 20 ? all.length : 20);
    const open = await get<{ value: Array<{ DocEntry: number }>; 'odata.count': number }>(
      `PurchaseOrders?${q({ $filter: "DocumentStatus eq 'bost_Open'", $select: 'DocEntry', $inlinecount: 'allpages', $orderby: 'DocEntry desc' })}`,
    );
    const openEntries = all.filter((p) => p.DocumentStatus === 'bost_Open').map((p) => p.DocEntry).reverse();
    expect(open['odata.count']).toBe(openEntries.length);
    expect(open.value).toEqual(openEntries.map((DocEntry) => ({ DocEntry })));
    // paging: 5 per page, the nextLink carries the rest
    const res = await callB1(mock, cookie, `PurchaseOrders?${q({ $select: 'DocEntry,CardCode', $filter: "DocumentStatus eq 'bost_Open'" })}`, { headers: { Prefer: 'odata.maxpagesize=5' } });
    const page = (await res.json()) as { value: Array<{ DocEntry: number; CardCode: string }>; 'odata.nextLink': string };
    expect(res.headers.get('preference-applied')).toBe('odata.maxpagesize=5');
    expect(page.value.map((p) => p.DocEntry)).toEqual([...openEntries].reverse().slice(0, 5));
    expect(page['odata.nextLink']).toMatch(/\$skip=5$/);
    const top = await get<{ value: Array<{ DocEntry: number }> }>(`PurchaseOrders?${q({ $select: 'DocEntry', $top: '2', $skip: '3' })}`);
    expect(top.value).toEqual([{ DocEntry: 4 }, { DocEntry: 5 }]);
    // the whole lines array when DocumentLines is selected, with the supplier's cost (the portal must never show it)
    const one = await get<B1PurchaseOrder>(`PurchaseOrders(${INCOMING_DEMO.delayedDocEntry})?$select=DocEntry,DocumentLines`);
    expect(Object.keys(one).filter((k) => !k.startsWith('odata.'))).toEqual(['DocEntry', 'DocumentLines']);
    expect(one.DocumentLines).toEqual(po(INCOMING_DEMO.delayedDocEntry).DocumentLines);
    expect(one.DocumentLines[0]).toMatchObject({ LineNum: 0, ItemCode: expect.any(String), ItemDescription: expect.any(String), Quantity: expect.any(Number),
      RemainingOpenQuantity: expect.any(Number), OpenQuantity: expect.any(Number), Price: expect.any(Number), ShipDate: expect.any(String), WarehouseCode: '01', LineStatus: 'bost_Open' });
  });

  it('answers -1000 for an unknown property and -2028 for an unknown document', async () => {
    await expectB1Error(await callB1(mock, cookie, 'PurchaseOrders?$select=DocEntry,ShipDat'), 400, -1000, "Property 'ShipDat' of 'Document' is invalid");
    await expectB1Error(await callB1(mock, cookie, `PurchaseOrders?${q({ $filter: "Foo eq 'x'" })}`), 400, -1000, "Property 'Foo' of 'Document' is invalid");
    await expectB1Error(await callB1(mock, cookie, 'PurchaseOrders(9999)'), 404, -2028);
    await expectB1Error(await patch(INCOMING_DEMO.delayedDocEntry, { DocumentLines: [{ LineNum: 0, Colour: 'x' }] }), 400, -1000, "Property 'Colour' of 'DocumentLine' is invalid");
  });

  it('PATCH moves a line\'s ShipDate: the change stamp moves (the portal\'s change filter finds it), Ordered stays', async () => {
    const target = mock.purchaseOrders().find((p) => p.DocumentStatus === 'bost_Open' && p.DocEntry > INCOMING_DEMO.delayedDocEntry)!;
    const line = target.DocumentLines.find((l) => l.LineStatus === 'bost_Open')!;
    const ordered = wh(line.ItemCode).Ordered;
    const itemStamp = [mock.data.Items.find((i) => i.ItemCode === line.ItemCode)!.UpdateDate];
    // the portal's change filter (itemMirror's changedSince), from just after the newest seeded stamp
    const [date, time] = mock.purchaseOrders().map((p) => `${p.UpdateDate} ${p.UpdateTime}`).sort().at(-1)!.split(' ');
    const after = `${time!.slice(0, 6)}${String(Number(time!.slice(6)) + 1).padStart(2, '0')}`;
    const changed = () => get<{ value: Array<{ DocEntry: number }> }>(`PurchaseOrders?${q({ $select: 'DocEntry', $filter: `UpdateDate gt '${date}' or (UpdateDate eq '${date}' and UpdateTime ge '${after}')` })}`);
    expect(date! < today()).toBe(true);
    expect((await changed()).value.map((p) => p.DocEntry)).not.toContain(target.DocEntry);
    const res = await patch(target.DocEntry, { DocumentLines: [{ LineNum: line.LineNum, ShipDate: '20270215' }] });
    expect(res.status).toBe(204);
    expect(line.ShipDate).toBe('2027-02-15');
    expect(target.UpdateDate).toBe(today());
    expect((await changed()).value.map((p) => p.DocEntry)).toContain(target.DocEntry);
    expect(wh(line.ItemCode).Ordered).toBe(ordered);
    expect([mock.data.Items.find((i) => i.ItemCode === line.ItemCode)!.UpdateDate]).toEqual(itemStamp);
  });

  it('PATCH cuts a quantity: remaining and Ordered follow, totals too; below what came in is refused and nothing is written', async () => {
    const delayed = po(INCOMING_DEMO.delayedDocEntry);
    const [partial, next] = delayed.DocumentLines;
    const received = partial!.Quantity - partial!.RemainingOpenQuantity;
    expect(received).toBe(12);
    const before = { ordered: wh(partial!.ItemCode).Ordered, total: delayed.DocTotal, nextDate: next!.ShipDate };
    await expectB1Error(await patch(delayed.DocEntry, { DocumentLines: [{ LineNum: next!.LineNum, ShipDate: '2027-03-01' }, { LineNum: partial!.LineNum, Quantity: 6 }] }),
      400, -10, "[DocumentLines.Quantity][line: 2] , 'Quantity cannot be less than the quantity already received (12)'");
    expect(next!.ShipDate).toBe(before.nextDate);
    const cut = partial!.Quantity - 6;
    expect((await patch(delayed.DocEntry, { DocumentLines: [{ LineNum: partial!.LineNum, Quantity: cut }] })).status).toBe(204);
    expect(partial).toMatchObject({ Quantity: cut, RemainingOpenQuantity: cut - 12, OpenQuantity: cut - 12, LineStatus: 'bost_Open', LineTotal: Math.round(partial!.Price * cut) });
    expect(wh(partial!.ItemCode).Ordered).toBe(before.ordered - 6);
    expect(delayed.DocTotal).toBeLessThan(before.total);
    // cut to exactly what came in: the line closes, nothing more is on order from it
    expect((await patch(delayed.DocEntry, { DocumentLines: [{ LineNum: partial!.LineNum, Quantity: 12 }] })).status).toBe(204);
    expect(partial).toMatchObject({ RemainingOpenQuantity: 0, LineStatus: 'bost_Close' });
    expect(wh(partial!.ItemCode).Ordered).toBe(before.ordered - (cut - 12) - 6);
    expectOrderedConsistent(mock.data);
    // a closed line, a date that is none, a line without LineNum, a header field SL owns
    await expectB1Error(await patch(delayed.DocEntry, { DocumentLines: [{ LineNum: partial!.LineNum, ShipDate: '2027-03-01' }] }), 400, -10, /Cannot update a closed row/);
    await expectB1Error(await patch(delayed.DocEntry, { DocumentLines: [{ LineNum: next!.LineNum, ShipDate: '2027-02-30' }] }), 400, -10, /Invalid date in 'ShipDate'/);
    await expectB1Error(await patch(delayed.DocEntry, { DocumentLines: [{ ItemCode: 'POL-1001-XL', Quantity: 6 }] }), 400, -10, /LineNum/);
    await expectB1Error(await patch(delayed.DocEntry, { DocTotal: 1 }), 400, -10, "Field 'DocTotal' cannot be updated");
    // a header change is taken (and normalised), as on any document
    expect((await patch(delayed.DocEntry, { DocDueDate: '20261215', Comments: 'Proveedor confirma nueva fecha' })).status).toBe(204);
    expect(delayed).toMatchObject({ DocDueDate: '2026-12-15', Comments: 'Proveedor confirma nueva fecha' });
  });

  it('receivePurchaseOrder: goods to stock, the line closes, Ordered falls, the Item\'s stamps stay; the last line closes the order', async () => {
    const target = mock.purchaseOrders().find((p) => p.Comments === 'Reposición de talla agotada')!;
    const [line] = target.DocumentLines;
    const item = mock.data.Items.find((i) => i.ItemCode === line!.ItemCode)!;
    const stamps = [item.UpdateDate, item.UpdateTime];
    const coming = line!.RemainingOpenQuantity;
    const inStock = item.ItemWarehouseInfoCollection[0]!.InStock;
    const doc = mock.receivePurchaseOrder(target.DocEntry, line!.LineNum);
    expect(doc).toBe(target);
    expect(item.ItemWarehouseInfoCollection[0]).toMatchObject({ InStock: inStock + coming, Ordered: 0 });
    expect(item.QuantityOnStock).toBe(inStock + coming);
    expect([item.UpdateDate, item.UpdateTime]).toEqual(stamps);
    expect(target).toMatchObject({ DocumentStatus: 'bost_Close', UpdateDate: today() });
    expect(line).toMatchObject({ LineStatus: 'bost_Close', RemainingOpenQuantity: 0 });
    expect(() => mock.receivePurchaseOrder(target.DocEntry)).toThrow(/already closed/);
    expect(() => mock.receivePurchaseOrder(9999)).toThrow(/No matching records/);
    expectOrderedConsistent(mock.data);
  });

  it('movePurchaseOrder without a line moves every open line; Close ends a purchase order (Ordered falls)', async () => {
    const target = mock.purchaseOrders().find((p) => p.Comments === 'Temporada primavera-verano')!;
    mock.movePurchaseOrder(target.DocEntry, { shipDate: '2027-02-20' });
    expect(target.DocumentLines.map((l) => l.ShipDate)).toEqual(target.DocumentLines.map(() => '2027-02-20'));
    expect(() => mock.movePurchaseOrder(target.DocEntry, { lineNum: 0, quantity: 0 })).toThrow(/greater than zero/);
    const res = await callB1(mock, cookie, `PurchaseOrders(${target.DocEntry})/Close`, { method: 'POST' });
    expect(res.status).toBe(204);
    expect(target.DocumentStatus).toBe('bost_Close');
    for (const l of target.DocumentLines) expect(wh(l.ItemCode).Ordered).toBe(0);
    expectOrderedConsistent(mock.data);
    await expectB1Error(await patch(target.DocEntry, { Comments: 'x' }), 400, -10, /already closed/);
  });
});

describe('a sales line\'s ShipDate', () => {
  let mock: B1Mock;
  let cookie: string;
  const CARD = 'C76123456';
  beforeAll(async () => {
    mock = await startB1Mock({ purchaseReferenceDate: REF });
    cookie = await loginB1(mock);
  });
  afterAll(async () => { await mock.close(); });
  const post = async (set: string, json: unknown): Promise<B1Document> => {
    const res = await callB1(mock, cookie, set, { method: 'POST', json });
    expect(res.status).toBe(201);
    return (await res.json()) as B1Document;
  };

  it('is kept as given (either date form), the DocDueDate without one, and even in the past (the portal refuses that, not B1)', async () => {
    const order = await post('Orders', salesOrder(CARD, {
      DocumentLines: [
        { ItemCode: 'POL-1001-M', Quantity: 1, ShipDate: '20270110' },
        { ItemCode: 'POL-1001-S', Quantity: 1 },
        { ItemCode: 'POL-1001-L', Quantity: 1, ShipDate: '2020-01-01' },
      ],
    }));
    expect(order.DocumentLines.map((l) => l.ShipDate)).toEqual(['2027-01-10', '2026-12-01', '2020-01-01']);
    const read = (await (await callB1(mock, cookie, `Orders(${order.DocEntry})?$select=DocumentLines`)).json()) as B1Document;
    expect(read.DocumentLines.map((l) => l.ShipDate)).toEqual(['2027-01-10', '2026-12-01', '2020-01-01']);
    await expectB1Error(await callB1(mock, cookie, 'Orders', { method: 'POST', json: salesOrder(CARD, { DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 1, ShipDate: '2027-13-01' }] }) }),
      400, -10, "[DocumentLines.ShipDate][line: 1] , 'Invalid date in 'ShipDate': 2027-13-01'");
    // the seeded history's lines carry their document's DocDueDate
    for (const o of mock.data.Orders.slice(0, 3)) for (const l of o.DocumentLines) expect(l.ShipDate).toBe(o.DocDueDate);
  });

  it('goes with the line to the invoice, the delivery, and through a Draft to the approved Order', async () => {
    const order = await post('Orders', salesOrder(CARD, { NumAtCard: 'OC950001', DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 2, ShipDate: '2027-01-20' }] }));
    const invoice = mock.invoiceOrder(order.DocEntry);
    expect(invoice.DocumentLines[0]).toMatchObject({ BaseEntry: order.DocEntry, ShipDate: '2027-01-20' });
    const other = await post('Orders', salesOrder(CARD, { DocumentLines: [{ ItemCode: 'POL-1001-S', Quantity: 2, ShipDate: '2027-01-25' }] }));
    const delivery = await post('DeliveryNotes', { CardCode: CARD, DocumentLines: [{ ItemCode: 'POL-1001-S', Quantity: 2, BaseType: 17, BaseEntry: other.DocEntry, BaseLine: 0 }] });
    expect(delivery.DocumentLines[0]!.ShipDate).toBe('2027-01-25');

    const res = await callB1(mock, cookie, 'Orders', { method: 'POST', json: salesOrder('C76345678', { NumAtCard: 'OC950002', DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 1, ShipDate: '20270205' }] }) });
    expect(res.status).toBe(404);
    const draft = mock.data.Drafts.find((d) => d.NumAtCard === 'OC950002')!;
    expect(draft.DocumentLines[0]!.ShipDate).toBe('2027-02-05');
    const { order: approved } = mock.approveDraft(draft.DocEntry);
    expect(approved!.DocumentLines[0]!.ShipDate).toBe('2027-02-05');
  });
});

describe('the portal\'s control API for purchase orders', () => {
  let t: TestApp;
  /** The stand-in under control (the portal's embedded mode controls its own; any will do for the API). */
  let b1: B1Mock;
  beforeAll(async () => {
    b1 = await startB1Mock({ purchaseReferenceDate: REF });
    t = await createTestApp({}, { worker: { autoStart: false } }, (app) => {
      void registerFaultControl(app, { embedded: true, standIns: standInFaultControls({ b1 }), env: {} });
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await b1?.close();
  });
  const post = (url: string, payload: unknown, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { host: 'localhost:3000' }, ...(remoteAddress ? { remoteAddress } : {}) });

  it('POST …/b1/purchase-order moves a line or every open line, and answers the document', async () => {
    expect(t.app.routeAccess.get('POST /api/dev/faults/:standIn/:action/:step')).toBe('public');
    const entry = INCOMING_DEMO.delayedDocEntry;
    const res = await post('/api/dev/faults/b1/purchase-order', { docEntry: entry, lineNum: 1, shipDate: '2027-01-31' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ DocEntry: entry, UpdateDate: today() });
    expect(res.json().DocumentLines[1]).toMatchObject({ LineNum: 1, ShipDate: '2027-01-31' });
    const all = await post('/api/dev/faults/b1/purchase-order', { docEntry: entry, shipDate: '2027-02-07' });
    expect(all.json().DocumentLines.filter((l: { LineStatus: string }) => l.LineStatus === 'bost_Open').every((l: { ShipDate: string }) => l.ShipDate === '2027-02-07')).toBe(true);

    const below = await post('/api/dev/faults/b1/purchase-order', { docEntry: entry, lineNum: 0, quantity: 6 });
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe("El sustituto de B1 no cambió la orden de compra: [DocumentLines.Quantity][line: 1] , 'Quantity cannot be less than the quantity already received (12)'");
    expect((await post('/api/dev/faults/b1/purchase-order', { docEntry: 9999, shipDate: '2027-01-01' })).statusCode).toBe(404);
    expect((await post('/api/dev/faults/b1/purchase-order', { docEntry: entry })).json())
      .toEqual({ status: 400, message: 'Indique shipDate (AAAA-MM-DD) o quantity (número entero mayor que cero)' });
    expect((await post('/api/dev/faults/b1/purchase-order', { shipDate: '2027-01-01' })).json())
      .toEqual({ status: 400, message: 'Indique docEntry (el número interno de la orden de compra) y, si se quiere, lineNum (número de línea)' });
    expect((await post('/api/dev/faults/b1/purchase-order', { docEntry: entry, shipDate: '2027-01-01' }, '10.1.2.3')).statusCode).toBe(403);
  });

  it('POST …/b1/purchase-order/receive takes the goods in', async () => {
    const target = b1.purchaseOrders().find((p) => p.Comments === 'Reposición de talla agotada')!;
    const code = target.DocumentLines[0]!.ItemCode;
    const res = await post('/api/dev/faults/b1/purchase-order/receive', { docEntry: target.DocEntry });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ DocEntry: target.DocEntry, DocumentStatus: 'bost_Close' });
    expect(b1.data.Items.find((i) => i.ItemCode === code)!.ItemWarehouseInfoCollection[0]).toMatchObject({ Ordered: 0, InStock: INCOMING_DEMO.restocks[code] });
    const again = await post('/api/dev/faults/b1/purchase-order/receive', { docEntry: target.DocEntry });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^El sustituto de B1 no recibió la orden de compra: .*already closed/);
    expect((await post('/api/dev/faults/b1/purchase-order/devolver', { docEntry: target.DocEntry })).json().message).toBe('Acción desconocida: «purchase-order/devolver» (disponibles: invoice, purchase-order, purchase-order/receive)');
  });
});
