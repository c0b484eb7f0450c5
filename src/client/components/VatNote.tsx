import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { MSG } from '@shared/messages';

/**
 * 'Todos los precios son más I. V. A.' (spec: every price is shown plus VAT), the small note beside the prices: the
 * catalogue lists, the product page, Home's offers, the cart and its side panel, the order summary.
 */
export function VatNote({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={sx}>
      {MSG.vatNote}
    </Typography>
  );
}
