import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { formatDate } from '@shared/dates';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { STOCK_ALERT_MSG as T, stockAlertStateText } from '@shared/schemas/stockAlerts';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { canRetry } from '@client/app/problems';
import { removeRequested, selectRemoving, selectStockAlerts, stockAlertsNeeded } from './stockAlertsSlice';
import './stockAlertsFeature'; // the feature's slice and saga, in the store before this section renders

/**
 * 'Avisos de stock' of the buyer's profile (docs/stock-alerts.md): the alerts of the person for the company the session
 * acts for (style, size, price now, state, expiry), each with 'Quitar' (confirmed first). A list of cards: it reads the
 * same at 375 px as on a desktop.
 */
export default function StockAlertsSection() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectStockAlerts);
  const removing = useAppSelector(selectRemoving);

  useEffect(() => {
    dispatch(stockAlertsNeeded({ force: true }));
  }, [dispatch]);

  const alerts = list.data;
  return (
    <Box component="section" aria-labelledby="stock-alerts-title" sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}>
      <Typography id="stock-alerts-title" variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {T.sectionTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.sectionIntro}
      </Typography>
      {list.status === 'failed' ? (
        <Alert
          severity="error"
          action={
            canRetry(list.errorStatus) && (
              <Button color="inherit" size="small" onClick={() => dispatch(stockAlertsNeeded({ force: true }))}>
                {T.retry}
              </Button>
            )
          }
        >
          {T.loadFailed}: {list.error}
        </Alert>
      ) : list.status !== 'loaded' && alerts.length === 0 ? (
        <CircularProgress size={24} aria-label={T.sectionTitle} />
      ) : alerts.length === 0 ? (
        <Typography variant="body2">{T.empty}</Typography>
      ) : (
        <List aria-labelledby="stock-alerts-title" disablePadding>
          {alerts.map((a) => (
            <ListItem
              key={a.id}
              divider
              data-stock-alert-row={a.sku}
              sx={{ px: 0, gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between' }}
            >
              <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {a.name} · {T.colSize} {a.size}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {a.style} · {T.colPrice}: {a.price > 0 ? formatCLP(a.price) : '-'} · {stockAlertStateText(a)} · {T.colExpires} {formatDate(a.expiresAt)}
                </Typography>
              </Box>
              <Button
                size="small"
                color="error"
                variant="outlined"
                disabled={removing === a.id}
                onClick={() => dispatch(removeRequested(a))}
                aria-label={fill(T.removeLabel, { name: a.name, size: a.size })}
                sx={{ minHeight: 40 }}
              >
                {T.remove}
              </Button>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
