import { buildSalesOrder } from '@server/erp/salesOrders';
import { arrivalsNow } from '@server/orders/incomingWatch';

// The pure parts of pre-orders (docs/incoming.md): where each watched line stands against what arrives now, and the
// ERP lines' ShipDate.

const today = '2026-11-30'; // a Monday

describe('a pre-order line against what arrives now', () => {
  const line = (lineId: number, quantity: number, inErp = false) => ({ lineId, quantity, inErp });

  it('oldest first: the stock left, then each arrival after what others sold beyond the stock', () => {
    const record = { stock: 0, backlog: 0, ordered: 60, arrivals: [['2026-12-15', 40], ['2027-01-10', 20]] as const };
    expect([...arrivalsNow(record, [line(1, 30), line(2, 20), line(3, 20)], today)]).toEqual([
      [1, '2026-12-15'],
      [2, '2027-01-10'], // 10 of the first arrival and 10 of the second
      [3, ''], // nothing left for it
    ]);
  });

  it('counts the lines the ERP holds as its own backlog, not as someone else’s', () => {
    // the ERP committed 25 beyond its stock: 10 of them are this portal's line (in the ERP), 15 another customer's
    const record = { stock: 0, backlog: 25, ordered: 60, arrivals: [['2026-12-15', 40], ['2027-01-10', 20]] as const };
    expect(arrivalsNow(record, [line(1, 10, true), line(2, 20)], today)).toEqual(
      new Map([
        [1, '2026-12-15'],
        [2, '2027-01-10'], // 15 others + 10 ours take 25 of the first 40: 15 left, then 5 of the second
      ]),
    );
  });

  it('stock on hand (goods received) covers a line today', () => {
    const record = { stock: 12, backlog: 0, ordered: 0, arrivals: undefined };
    expect(arrivalsNow(record, [line(1, 10), line(2, 5)], today)).toEqual(new Map([[1, today], [2, '']]));
  });
});

describe('the ERP lines of a pre-order', () => {
  const order = {
    purchaseOrderNumber: 'OC000042', orderType: 'RESERVE' as const, cardCode: 'C1', paymentMethod: null, deliveryType: 'entrega' as const,
    deliveryAddress: 'D1', deliveryAddressText: '', deliveryCommune: '', deliveryTransport: '', invoiceAddress: 'F1',
    lines: [
      { sku: 'A', quantity: 1, price: 100, priceFinalUnit: 100, descLinea: 0, shipDate: '2026-12-15' },
      { sku: 'B', quantity: 1, price: 100, priceFinalUnit: 100, descLinea: 0, shipDate: null },
      { sku: 'C', quantity: 1, price: 100, priceFinalUnit: 100, descLinea: 0, shipDate: '2027-01-10' },
    ],
  };
  const now = new Date('2026-11-30T15:00:00Z');

  it('ship what is on hand now and each pre-order line on its arrival', () => {
    const doc = buildSalesOrder({ ...order, incomingShipping: 'PARCIAL' }, now);
    expect(doc.DocumentLines.map((l) => l.ShipDate)).toEqual(['20261215', undefined, '20270110']);
    expect(doc.DocDueDate).toBe('20261130');
  });

  it('ship everything together: every line and the document on the last arrival', () => {
    const doc = buildSalesOrder({ ...order, incomingShipping: 'JUNTO' }, now);
    expect(doc.DocumentLines.map((l) => l.ShipDate)).toEqual(['20270110', '20270110', '20270110']);
    expect(doc.DocDueDate).toBe('20270110');
  });

  it('never a past ShipDate: a promise that passed while the order waited ships on the next working day', () => {
    const doc = buildSalesOrder({ ...order, incomingShipping: 'PARCIAL' }, new Date('2026-12-19T15:00:00Z')); // a Saturday
    expect(doc.DocumentLines.map((l) => l.ShipDate)).toEqual(['20261221', undefined, '20270110']);
  });

  it('an order without pre-order lines is as before: no ShipDate', () => {
    const doc = buildSalesOrder({ ...order, lines: [order.lines[1]!] }, now);
    expect(doc.DocumentLines[0]).not.toHaveProperty('ShipDate');
  });
});
