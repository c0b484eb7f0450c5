import type { B1Document } from '@server/erp/b1Types';
import { IncomingIndex, incomingLines } from '@server/erp/purchaseOrders';

const po = (DocEntry: number, lines: Partial<NonNullable<B1Document['DocumentLines']>[number]>[], extra: Partial<B1Document> = {}): B1Document => ({
  DocEntry,
  DocDueDate: '2026-12-20',
  DocumentStatus: 'bost_Open',
  Cancelled: 'tNO',
  UpdateDate: '2026-11-20',
  UpdateTime: '10:00:00',
  DocumentLines: lines.map((l, i) => ({ LineNum: i, ItemCode: 'POL-1001-XL', Quantity: 10, RemainingOpenQuantity: 10, WarehouseCode: '01', LineStatus: 'bost_Open', ShipDate: '2026-12-15', ...l })),
  ...extra,
});

describe('the open purchase orders as the catalogue keeps them', () => {
  it('keeps of a line only the item, the date and what is still to arrive in the portal’s warehouse', () => {
    const doc = po(1, [
      { ItemCode: 'A', Quantity: 50, RemainingOpenQuantity: 30, ShipDate: '2026-12-15' },
      { ItemCode: 'B', ShipDate: null }, // no line date: the document's due date
      { ItemCode: 'C', WarehouseCode: '02' }, // another warehouse
      { ItemCode: 'D', LineStatus: 'bost_Close' },
      { ItemCode: 'E', RemainingOpenQuantity: 0 },
    ]);
    expect(incomingLines(doc)).toEqual([
      { itemCode: 'A', date: '2026-12-15', quantity: 30 },
      { itemCode: 'B', date: '2026-12-20', quantity: 10 },
    ]);
    expect(incomingLines({ ...doc, DocumentStatus: 'bost_Close' })).toEqual([]);
    expect(incomingLines({ ...doc, Cancelled: 'tYES' })).toEqual([]);
    // nothing of the supplier or its price is kept
    expect(Object.keys(incomingLines(po(2, [{ ItemCode: 'A' }]))[0]!)).toEqual(['itemCode', 'date', 'quantity']);
  });

  it('adds the lines of every order per item and date, and tells which items a read by change moved', () => {
    const index = new IncomingIndex();
    index.replaceAll([
      po(1, [{ ItemCode: 'A', RemainingOpenQuantity: 30 }, { ItemCode: 'B', RemainingOpenQuantity: 5, ShipDate: '2027-01-10' }]),
      po(2, [{ ItemCode: 'A', RemainingOpenQuantity: 12 }, { ItemCode: 'A', RemainingOpenQuantity: 8, ShipDate: '2027-01-10' }], { UpdateDate: '2026-11-25', UpdateTime: '09:30:00' }),
    ]);
    expect(index.arrivalsOf('A')).toEqual([['2026-12-15', 42], ['2027-01-10', 8]]);
    expect(index.arrivalsOf('B')).toEqual([['2027-01-10', 5]]);
    expect(index.arrivalsOf('Z')).toBeUndefined();
    expect(index.newest).toBe('2026-11-25 09:30:00');

    // order 2 moved to February, order 1 closed (received), a new order 3 for C; an unchanged re-read moves nothing
    const moved = index.merge([
      po(2, [{ ItemCode: 'A', RemainingOpenQuantity: 12, ShipDate: '2027-02-01' }, { ItemCode: 'A', RemainingOpenQuantity: 8, ShipDate: '2027-01-10' }], { UpdateDate: '2026-11-28', UpdateTime: '08:00:00' }),
      po(1, [{ ItemCode: 'A' }], { DocumentStatus: 'bost_Close' }),
      po(3, [{ ItemCode: 'C', RemainingOpenQuantity: 60 }]),
    ]);
    expect([...moved].sort()).toEqual(['A', 'B', 'C']);
    expect(index.arrivalsOf('A')).toEqual([['2027-01-10', 8], ['2027-02-01', 12]]);
    expect(index.arrivalsOf('B')).toBeUndefined();
    expect(index.arrivalsOf('C')).toEqual([['2026-12-15', 60]]);
    expect(index.newest).toBe('2026-11-28 08:00:00');
    expect([...index.merge([po(3, [{ ItemCode: 'C', RemainingOpenQuantity: 60 }])])]).toEqual([]);
  });
});
