import type { OrderLine } from '@shared/api/orders';
import { formatCLP, formatInteger } from '@shared/money';
import { LinesTable, type LineColumn } from './LinesTable';

// The lines of a portal order as it was priced (the admin's order detail and the buyer's 'Mis pedidos'): a table from
// 600 px up, one card per line on a phone (components/LinesTable.tsx).

export const ORDER_LINES_TEXT = {
  sku: 'Sku',
  name: 'Producto',
  size: 'Talla',
  quantity: 'Cantidad',
  price: 'Precio lista',
  discount: 'Descuento',
  unit: 'Precio unitario',
  total: 'Total',
  empty: 'El pedido no tiene productos',
} as const;

const T = ORDER_LINES_TEXT;

/** The discounts a line had: oferta and fidelización percents ('10 % + 4 %'), or '—'. */
function discountOf(line: OrderLine): string {
  const parts = [line.percentageOffer, line.percentageLoyalty].filter((p) => p > 0).map((p) => `${formatInteger(p)} %`);
  return parts.length ? parts.join(' + ') : '—';
}

const COLUMNS: LineColumn<OrderLine>[] = [
  { key: 'sku', header: T.sku, value: (l) => l.sku, nowrap: true },
  { key: 'name', header: T.name, value: (l) => l.name, minWidth: 160 },
  { key: 'size', header: T.size, value: (l) => l.size, hideEmpty: true },
  { key: 'quantity', header: T.quantity, value: (l) => formatInteger(l.quantity), numeric: true },
  { key: 'price', header: T.price, value: (l) => formatCLP(l.price), numeric: true, nowrap: true },
  { key: 'discount', header: T.discount, value: discountOf, numeric: true, nowrap: true, hideEmpty: true },
  { key: 'unit', header: T.unit, value: (l) => formatCLP(l.priceFinalUnit), numeric: true, nowrap: true },
  { key: 'total', header: T.total, value: (l) => formatCLP(l.priceFinal), numeric: true, nowrap: true },
];

export function OrderLinesTable({ lines, label }: { lines: OrderLine[]; label: string }) {
  return <LinesTable rows={lines} rowKey={(l) => l.id} columns={COLUMNS} title="name" label={{ text: label }} empty={T.empty} />;
}
