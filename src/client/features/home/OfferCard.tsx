import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { fill, MSG } from '@shared/messages';
import { formatCLP } from '@shared/money';
import type { HomeOfferCard } from './api';
import { productDetailPath, productLinkLabel } from '@client/app/routePaths';

/** One offer of home: image, percentage badge, variant, description, offer price and the eye button. */
export function OfferCard({ offer }: { offer: HomeOfferCard }) {
  const titleId = `offer-${offer.sku}`;
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column', position: 'relative' }}>
      <Box sx={{ position: 'relative', aspectRatio: '1 / 1', bgcolor: 'grey.100' }}>
        {offer.mainUrlImage ? (
          <Box component="img" src={offer.mainUrlImage} alt={offer.descripcion} loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
        ) : (
          <Box role="img" aria-label={`${offer.descripcion} (sin imagen)`} sx={{ width: '100%', height: '100%' }} />
        )}
        <Chip
          label={`-${offer.percentage}%`}
          color="secondary"
          size="small"
          aria-label={`${offer.percentage}% de descuento`}
          sx={{ position: 'absolute', top: 8, left: 8, fontWeight: 700 }}
        />
      </Box>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 0.5, pb: '12px !important' }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.4 }}>
          {offer.variante}
        </Typography>
        <Typography id={titleId} variant="subtitle2" component="h3">
          {offer.descripcion}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 'auto' }}>
          <Typography variant="h6" component="p" color="secondary.main" sx={{ fontWeight: 700 }}>
            {offer.desde ? fill(MSG.priceFrom, { price: formatCLP(offer.precioOferta) }) : formatCLP(offer.precioOferta)}
          </Typography>
          <IconButton component={RouterLink} to={productDetailPath(offer.sku)} aria-label={productLinkLabel(offer.descripcion, offer.sku)} color="primary">
            <VisibilityIcon />
          </IconButton>
        </Box>
      </CardContent>
    </Card>
  );
}
