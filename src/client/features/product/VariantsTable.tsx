import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { RelatedVariant } from '@shared/api/erp';
import { INCOMING_TEXTS } from '@shared/incoming';
import { fill } from '@shared/messages';
import { formatCLP, formatInteger } from '@shared/money';
import { unitPrice } from '@shared/pricing';
import { incomingDetailLines, offersPreorder } from '@client/components/incoming';
import type { StockAlertSlot } from '@client/components/stockAlertSlot';

export interface VariantsTableProps {
  variants: RelatedVariant[];
  descFidel: number;
  quantities: Record<string, string>;
  onQuantityChange: (variant: RelatedVariant, raw: string) => void;
  /** 'Pedir por llegar' of a size without stock and with incoming units; absent when the viewer may not add. */
  onPreorder?: (variant: RelatedVariant) => void;
  /** 'Avísame cuando llegue' under a size at 0 (docs/stock-alerts.md); absent when the viewer may not buy. */
  stockAlert?: StockAlertSlot;
  /** The style's name, in the action's accessible name. */
  name?: string;
}

/**
 * The sizes of the style: Sku, Talla, Stock, Precio lista, Precio Oferta (only when some size has an offer), P. Distrib.
 * (what the buyer pays for a unit, as the cart charges it), Cantidad.
 */
// On a phone (R-A11Y-2) the table fits the screen without sideways scrolling: Talla, Stock, the price the buyer pays
// and Cantidad; Sku and the list and offer prices show from the small breakpoint up.
const phoneHidden = { display: { xs: 'none', sm: 'table-cell' } } as const;

// Stock por llegar (docs/incoming.md): under a size's stock, what arrives by date ('Llegan 120 el 15-ene'); a size
// without stock and with incoming units offers 'Pedir por llegar' in place of its quantity.
export function VariantsTable({ variants, descFidel, quantities, onQuantityChange, onPreorder, stockAlert, name = '' }: VariantsTableProps) {
  const withOffer = variants.some((v) => v.descuento > 0);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Tallas disponibles" sx={{ minWidth: { sm: withOffer ? 620 : 520 }, '& td, & th': { whiteSpace: 'nowrap', px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={phoneHidden}>Sku</TableCell>
            <TableCell>Talla</TableCell>
            <TableCell align="right">Stock</TableCell>
            <TableCell align="right" sx={phoneHidden}>Precio lista</TableCell>
            {withOffer && <TableCell align="right" sx={phoneHidden}>Precio Oferta</TableCell>}
            <TableCell align="right">P. Distrib.</TableCell>
            <TableCell align="center">
              Cantidad
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {variants.map((v) => (
            <TableRow key={v.sku}>
              <TableCell sx={phoneHidden}>{v.sku}</TableCell>
              <TableCell>{v.talla}</TableCell>
              <TableCell align="right">
                {formatInteger(v.stock)}
                {incomingDetailLines(v.porLlegar).map((line) => (
                  <Typography key={line} variant="caption" color="info.dark" sx={{ display: 'block', whiteSpace: 'nowrap' }} data-incoming={v.sku}>
                    {line}
                  </Typography>
                ))}
              </TableCell>
              <TableCell align="right" sx={phoneHidden}>{formatCLP(v.preciolista)}</TableCell>
              {withOffer && <TableCell align="right" sx={phoneHidden}>{v.descuento > 0 ? formatCLP(v.precioOferta) : '-'}</TableCell>}
              <TableCell align="right">{formatCLP(unitPrice(v.preciolista, v.descuento, descFidel))}</TableCell>
              <TableCell align="center" sx={{ py: 0.5 }}>
                {onPreorder && offersPreorder(v) ? (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => onPreorder(v)}
                    aria-label={fill(INCOMING_TEXTS.addOf, { name, size: v.talla })}
                    sx={{ minHeight: 40, whiteSpace: 'normal', lineHeight: 1.2, maxWidth: { xs: 96, sm: 'none' } }}
                  >
                    {INCOMING_TEXTS.add}
                  </Button>
                ) : (
                <TextField
                  type="number"
                  size="small"
                  value={quantities[v.sku] ?? ''}
                  placeholder="0"
                  onChange={(e) => onQuantityChange(v, e.target.value)}
                  disabled={v.stock <= 0}
                  slotProps={{ htmlInput: { min: 0, max: Math.max(0, v.stock), step: 1, inputMode: 'numeric', 'aria-label': `Cantidad talla ${v.talla}` } }}
                  sx={{ width: { xs: 76, sm: 88 } }}
                />
                )}
                {stockAlert && v.stock <= 0 && <Box sx={{ mt: 0.5 }}>{stockAlert({ sku: v.sku, name, size: v.talla })}</Box>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
