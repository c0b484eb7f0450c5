import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OrderLine } from '@shared/api/orders';
import { INCOMING_TEXTS } from '@shared/incoming';
import { fill } from '@shared/messages';
import { formatCLP, formatInteger } from '@shared/money';
import { arrivalText, lineDateText } from './incoming';
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

/**
 * A pre-order line's date (docs/incoming.md): 'Llega el 15-ene'; when the ERP moved its purchase order after the order,
 * a warning with the new date, or that it has none now ('Sin fecha: te contactaremos'). '—' for stock on hand.
 */
function arrivalOf(line: OrderLine) {
  if (!line.llegada) return '—';
  const moved = line.llegadaNueva !== undefined && line.llegadaNueva !== null;
  return (
    <Box>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', textDecoration: moved ? 'line-through' : undefined }}>
        {lineDateText(line.llegada)}
      </Typography>
      {moved && (
        <Alert severity="warning" sx={{ mt: 0.5, py: 0, px: 1 }}>
          {line.llegadaNueva ? fill(INCOMING_TEXTS.moved, { date: arrivalText(line.llegadaNueva) }) : INCOMING_TEXTS.movedNoDate}
        </Alert>
      )}
    </Box>
  );
}

const ARRIVAL: LineColumn<OrderLine> = { key: 'arrival', header: INCOMING_TEXTS.arrivalColumn, value: arrivalOf, hideEmpty: true };

/** The lines; an order with pre-order lines gets their dates as a column after the product. */
export function OrderLinesTable({ lines, label }: { lines: OrderLine[]; label: string }) {
  const columns = lines.some((l) => l.llegada) ? [...COLUMNS.slice(0, 3), ARRIVAL, ...COLUMNS.slice(3)] : COLUMNS;
  return <LinesTable rows={lines} rowKey={(l) => l.id} columns={columns} title="name" label={{ text: label }} empty={T.empty} />;
}
