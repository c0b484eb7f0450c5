import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { INCOMING_TEXTS } from '@shared/incoming';
import { MSG } from '@shared/messages';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { productDetailPath, productLinkLabel } from '@client/app/routePaths';
import { IncomingChip, seasonDateText, onlyIncoming } from '@client/components/incoming';
import { listPriceText } from '@client/components/listPrice';
import { PageSpinner } from '@client/components/PageSpinner';
import { VatNote } from '@client/components/VatNote';
import { catalogItemsRequested, selectCatalogItems } from './catalogSlice';
import './catalogFeature'; // the feature's slice and saga, in the store before this screen renders

/**
 * 'Próxima temporada' (docs/incoming.md): the styles whose stock is only on its way (nothing on hand, units arriving),
 * in the catalogue's own order, each with its arrival window (the first and the last of its sizes' arrivals). The rows are the catalogue list already in the store
 * (read once per session, like the product list): no request of its own.
 */
export default function SeasonScreen() {
  const dispatch = useAppDispatch();
  const { status, data, error } = useAppSelector(selectCatalogItems);
  const styles = useMemo(() => data.filter(onlyIncoming), [data]);

  useEffect(() => {
    dispatch(catalogItemsRequested());
  }, [dispatch]);

  const loading = status === 'loading' || status === 'idle';
  return (
    <Box component="section" aria-labelledby="temporada-title">
      <Typography id="temporada-title" variant="h1" component="h1" gutterBottom>
        {INCOMING_TEXTS.season}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {INCOMING_TEXTS.seasonIntro}
      </Typography>
      {status === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error ?? MSG.connectionProblemLater}
        </Alert>
      )}
      {loading && <PageSpinner label={INCOMING_TEXTS.season} />}
      {status === 'loaded' && styles.length === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }}>
          <Typography>{INCOMING_TEXTS.seasonEmpty}</Typography>
        </Paper>
      )}
      {styles.length > 0 && (
        <>
          <Box
            component="ul"
            aria-label={INCOMING_TEXTS.season}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}
          >
            {styles.map((item) => (
              <Paper component="li" key={item.sku} variant="outlined" sx={{ display: 'flex', gap: 1.5, p: 1.5, minWidth: 0 }}>
                {item.urlImage ? (
                  <Box component="img" src={item.urlImage} alt="" loading="lazy" sx={{ width: 88, height: 88, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} />
                ) : (
                  <Box aria-hidden sx={{ width: 88, height: 88, bgcolor: 'grey.200', borderRadius: 1, flexShrink: 0 }} />
                )}
                <Box sx={{ minWidth: 0 }}>
                  <Link component={RouterLink} to={productDetailPath(item.sku)} aria-label={productLinkLabel(item.descripcion, item.sku)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {item.descripcion}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {`${item.sku} · ${listPriceText(item)}`}
                  </Typography>
                  {item.llegada ? (
                    <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }} data-season-date={item.sku}>
                      {seasonDateText(item.llegada, item.llegadaHasta)}
                    </Typography>
                  ) : (
                    <IncomingChip sx={{ mt: 0.5 }} />
                  )}
                </Box>
              </Paper>
            ))}
          </Box>
          <VatNote sx={{ mt: 1 }} />
        </>
      )}
    </Box>
  );
}
