import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { OrderLine } from '@shared/api/orders';
import { formatCLP, formatInteger } from '@shared/money';

// The lines of a portal order as it was priced (the admin's order detail and the buyer's 'Mis pedidos'): wider than a
// phone, it scrolls sideways inside its box.

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

export function OrderLinesTable({ lines, label }: { lines: OrderLine[]; label: string }) {
  return (
    // wider than a phone: it scrolls sideways, so a keyboard can reach it (a named region with a Tab stop)
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{T.sku}</TableCell>
            <TableCell>{T.name}</TableCell>
            <TableCell>{T.size}</TableCell>
            <TableCell align="right">{T.quantity}</TableCell>
            <TableCell align="right">{T.price}</TableCell>
            <TableCell align="right">{T.discount}</TableCell>
            <TableCell align="right">{T.unit}</TableCell>
            <TableCell align="right">{T.total}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.length === 0 ? (
            <TableRow>
              <TableCell colSpan={8}>{T.empty}</TableCell>
            </TableRow>
          ) : (
            lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.sku}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>{line.name}</TableCell>
                <TableCell>{line.size}</TableCell>
                <TableCell align="right">{formatInteger(line.quantity)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatCLP(line.price)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {discountOf(line)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatCLP(line.priceFinalUnit)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatCLP(line.priceFinal)}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
