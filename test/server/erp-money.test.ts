// The ERP document's money equals the portal's, to the peso: 1,000 seeded random carts priced by the portal
// (priceLine / orderTotals), built into sales orders by buildSalesOrder and created in the B1 stand-in, which does
// B1's own arithmetic (price after discount to cents, line to pesos, 19 % VAT of the net). Also incoming payments:
// the payment means the ERP records equal the amount the portal charged.
import { buildDemoData } from '@mocks/b1/data';
import { createRng } from '@mocks/b1/prng';
import { B1Store } from '@mocks/b1/store';
import type { B1Document, B1IncomingPayment } from '@mocks/b1/types';
import { buildIncomingPayment, type IncomingPaymentMeans } from '@server/erp/incomingPayments';
import { buildSalesOrder, type SalesOrderSource } from '@server/erp/salesOrders';
import { orderTotals, priceLine } from '@shared/pricing';

const CARTS = 1000;
const NOW = new Date('2026-11-20T15:00:00Z');
const LOYALTY = [0, 3, 6, 10];
const BUYERS = ['C76123456', 'C76234567', 'C77345678', 'C79012345', 'C76678901'];

const data = buildDemoData();
const catalogue = data.Items.filter((i) => i.SalesItem === 'tYES' && i.Valid === 'tYES' && i.Frozen !== 'tYES');
const listPrice = (code: string): number => data.Items.find((i) => i.ItemCode === code)!.ItemPrices[0].Price;

interface Cart {
  source: SalesOrderSource;
  total: number;
  lineTotals: number[];
}

/** Cart `n` of the seeded sequence: 1–8 distinct items, 1–50 units each, an offer of 0–60 % per line, one loyalty level. */
function randomCarts(seed: number, count: number): Cart[] {
  const rng = createRng(seed);
  const carts: Cart[] = [];
  for (let n = 0; n < count; n++) {
    const loyaltyPct = rng.pick(LOYALTY);
    const codes = new Set<string>();
    const size = rng.int(1, 8);
    while (codes.size < size) codes.add(rng.pick(catalogue).ItemCode);
    const priced = [...codes].map((code) => {
      const quantity = rng.int(1, 50);
      const offerPct = rng.chance(0.3) ? 0 : rng.int(1, 60);
      return { code, ...priceLine({ price: listPrice(code), quantity, offerPct, loyaltyPct }), quantity };
    });
    const totals = orderTotals(priced, loyaltyPct);
    const pickup = rng.chance(0.3);
    carts.push({
      total: totals.total,
      lineTotals: priced.map((l) => l.priceFinal),
      source: {
        purchaseOrderNumber: `OC${String(800000 + n).padStart(6, '0')}`,
        orderType: rng.chance(0.2) ? 'RESERVE' : 'ONLINE',
        cardCode: rng.pick(BUYERS),
        paymentMethod: rng.pick(['KHIPU', 'WEBPAY', 'CHEQUE', 'CREDIT'] as const),
        deliveryType: pickup ? 'retiro' : 'entrega',
        deliveryAddress: pickup ? '' : 'CASA MATRIZ',
        deliveryAddressText: pickup ? '' : 'Av. Providencia 1234',
        deliveryCommune: pickup ? '' : 'Providencia',
        deliveryTransport: pickup ? '' : '0002',
        invoiceAddress: 'CASA MATRIZ',
        lines: priced.map((l) => ({ sku: l.code, quantity: l.quantity, price: l.priceList, priceFinalUnit: l.priceFinalUnit, descLinea: l.descLinea })),
      },
    });
  }
  return carts;
}

describe('sales orders: the ERP DocTotal is what the portal charged', () => {
  const carts = randomCarts(20261124, CARTS);

  it(`${CARTS} random carts: every LineTotal is the portal's line and DocTotal the portal's total, to the peso`, () => {
    const store = new B1Store(buildDemoData());
    const mismatches: string[] = [];
    for (const cart of carts) {
      const doc = store.create('Orders', buildSalesOrder(cart.source, NOW)).entity as B1Document;
      const lines = doc.DocumentLines.map((l) => l.LineTotal);
      if (doc.DocTotal !== cart.total || lines.some((t, i) => t !== cart.lineTotals[i])) {
        mismatches.push(`${cart.source.purchaseOrderNumber}: ERP ${doc.DocTotal} [${lines}] vs portal ${cart.total} [${cart.lineTotals}]`);
      }
      expect(doc.DocumentLines.map((l) => l.DiscountPercent).every((d) => d === 0)).toBe(true);
    }
    expect(mismatches).toEqual([]);
    expect(store.journal).toHaveLength(CARTS);
  });

  it('carries the list price and the portal discount as line UDFs, and STORE_PICKUP as the pickup ShipToCode', () => {
    const store = new B1Store(buildDemoData());
    const pickup = carts.find((c) => c.source.deliveryType === 'retiro')!;
    const doc = store.create('Orders', buildSalesOrder(pickup.source, NOW)).entity as B1Document;
    expect(doc).toMatchObject({ ShipToCode: 'idStorePickup', Address2: null, U_TipoRetiro: 'Retiro' });
    expect(doc.DocumentLines.map((l) => [l.ItemCode, l.UnitPrice, l.U_PrecioLista, l.U_DescLinea])).toEqual(
      pickup.source.lines.map((l) => [l.sku, l.priceFinalUnit, l.price, l.descLinea]),
    );
  });

  it('the old way (list price with DiscountPercent = descLinea) misses the portal total on some carts', () => {
    const store = new B1Store(buildDemoData());
    let differing = 0;
    for (const cart of carts) {
      const doc = buildSalesOrder(cart.source, NOW);
      const old = {
        ...doc,
        DocumentLines: cart.source.lines.map((l) => ({ ItemCode: l.sku, Quantity: l.quantity, UnitPrice: l.price, DiscountPercent: l.descLinea })),
      };
      const created = store.create('Orders', old).entity as B1Document;
      if (created.DocTotal !== cart.total) differing++;
    }
    expect(differing).toBeGreaterThan(0);
  });
});

describe('incoming payments: the ERP records the money the portal received', () => {
  it('random amounts, on account or over sets of open invoices, by card or transfer: the payment means equal the amount', () => {
    const rng = createRng(777);
    const store = new B1Store(buildDemoData());
    const cards = ['C76123456', 'C76234567', 'C79012345', 'C78456789', 'C78901234'];
    for (let n = 0; n < 300; n++) {
      const cardCode = rng.pick(cards);
      const open = store.data.Invoices.filter((i) => i.CardCode === cardCode && i.DocumentStatus === 'bost_Open' && i.DocTotal > i.PaidToDate);
      const chosen = open.filter(() => rng.chance(0.6));
      const invoices = chosen.map((i) => ({ docEntry: i.DocEntry, sumApplied: rng.int(1, i.DocTotal - i.PaidToDate) }));
      const amount = invoices.length ? invoices.reduce((s, i) => s + i.sumApplied, 0) : rng.int(1, 5_000_000);
      const means: IncomingPaymentMeans = rng.chance(0.5)
        ? { kind: 'card', paymentTypeCode: rng.pick(['VD', 'VN', 'VC', 'SI']), cardLast4: '6623', authorizationCode: `A${n}`, installments: rng.int(1, 6) }
        : { kind: 'transfer' };
      const paidBefore = new Map(chosen.map((i) => [i.DocEntry, i.PaidToDate]));
      const body = buildIncomingPayment({ cardCode, counterReference: `PF${n}`, amount, means, invoices, remarks: `Pago ${n}` }, NOW);
      const payment = store.create('IncomingPayments', body).entity as B1IncomingPayment;
      const received = payment.CashSum + payment.TransferSum + payment.CheckSum + payment.PaymentCreditCards.reduce((s, c) => s + c.CreditSum, 0);
      expect(received).toBe(amount);
      expect(payment.PaymentInvoices.reduce((s, p) => s + p.SumApplied, 0)).toBe(invoices.length ? amount : 0);
      for (const i of invoices) {
        expect(store.data.Invoices.find((x) => x.DocEntry === i.docEntry)!.PaidToDate).toBe(paidBefore.get(i.docEntry)! + i.sumApplied);
      }
    }
    expect(store.journal.filter((j) => j.set === 'IncomingPayments')).toHaveLength(300);
  });
});
