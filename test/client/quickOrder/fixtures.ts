import type { CartBulkResponse } from '@shared/api/cart';
import type { QuickOrderLine, QuickOrderValidation, ReorderResponse } from '@shared/api/ordering';
import { orderTotals, priceLine } from '@shared/pricing';

// The buyer of sessionOf('USER') has a 4 % loyalty discount.
const prices = (price: number, quantity: number) => ({ ...priceLine({ price, quantity, loyaltyPct: 4 }), percentageOffer: 0, percentageLoyalty: 4 });

type LineInput = Partial<QuickOrderLine> & Pick<QuickOrderLine, 'rows' | 'sku' | 'status'>;

export function qoLine(input: LineInput): QuickOrderLine {
  const quantity = input.quantity === undefined ? 1 : input.quantity;
  return {
    input: { sku: input.sku, size: '', quantity: String(quantity ?? '') },
    style: input.sku.split('-').slice(0, 2).join('-'),
    name: 'Polera Básica Algodón',
    size: 'M',
    addable: 0,
    stock: 0,
    inCart: 0,
    message: '',
    quantity,
    ...input,
  };
}

/** Row 1 ready (12 × $7.990), row 2 short (24 asked, 5 left), row 3 unknown, rows 4 and 6 the same size added together. */
export const validationWithErrors = (): QuickOrderValidation => {
  const lines = [
    qoLine({ rows: [1], sku: 'POL-1001-M', status: 'ok', quantity: 12, addable: 12, stock: 40, prices: prices(7990, 12) }),
    qoLine({ rows: [2], sku: 'POL-1001-L', size: 'L', status: 'short', quantity: 24, addable: 5, stock: 5, message: 'Stock insuficiente: se agregarán 5 de 24 (disponible 5)', prices: prices(7990, 5) }),
    qoLine({ rows: [3], sku: 'XXX-9', name: '', size: '', style: '', status: 'unknown', quantity: 3, message: 'El sku XXX-9 no existe en el catálogo' }),
    qoLine({ rows: [4, 6], sku: 'JEA-2001-42', name: 'Jeans Slim Azul', size: '42', status: 'ok', quantity: 6, addable: 6, stock: 10, message: 'Se sumaron las líneas 4 y 6', prices: prices(14990, 6) }),
  ];
  return {
    lines,
    summary: { lines: 4, ok: 2, short: 1, errors: 1, merged: 1, units: 23 },
    totals: orderTotals(lines.filter((l) => l.prices).map((l) => ({ ...l.prices!, quantity: l.addable })), 4),
    blocked: false,
    message: '2 líneas listas, 1 con stock insuficiente, 1 con errores',
    stockAsOf: null,
  };
};

/** The same lines after the buyer fixed row 3's sku: everything can go. */
export const validationFixed = (): QuickOrderValidation => {
  const v = validationWithErrors();
  v.lines[2] = qoLine({ rows: [3], sku: 'POL-1001-S', size: 'S', status: 'ok', quantity: 3, addable: 3, stock: 9, prices: prices(7990, 3) });
  v.summary = { lines: 4, ok: 3, short: 1, errors: 0, merged: 1, units: 26 };
  v.message = '3 líneas listas, 1 con stock insuficiente, 0 con errores';
  return v;
};

export const bulkAnswer = (added: number, clamped = 0): CartBulkResponse => ({
  lines: [],
  added,
  clamped,
  rejected: 0,
  count: added + clamped,
  message: `${added + clamped} de ${added + clamped} productos agregados al carro`,
});

export const reorderAnswer = (): ReorderResponse => ({
  reference: 'OC000102',
  lines: [
    { sku: 'POL-1001-M', name: 'Polera Básica Algodón', size: 'M', ordered: 24, added: 24, previousUnitPrice: 5990, unitPrice: 6490, changes: ['priceUp'], message: 'Sube de $5.990 a $6.490' },
    { sku: 'JEA-2001-42', name: 'Jeans Slim Azul', size: '42', ordered: 6, added: 2, previousUnitPrice: 14990, unitPrice: 14990, changes: ['short'], message: 'Stock insuficiente: se agregaron 2 de 6' },
    { sku: 'CHA-3001-L', name: 'Chaqueta Cortaviento', size: 'L', ordered: 1, added: 0, previousUnitPrice: 24990, unitPrice: null, changes: ['unavailable'], message: 'El producto CHA-3001-L ya no está disponible' },
  ],
  added: 2,
  changed: 3,
  count: 2,
  message: '2 de 3 productos del pedido OC000102 agregados al carro',
  cart: bulkAnswer(1, 1),
});
