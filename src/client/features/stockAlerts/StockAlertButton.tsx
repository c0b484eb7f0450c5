import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { fill } from '@shared/messages';
import { STOCK_ALERT_MSG as T } from '@shared/schemas/stockAlerts';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { selectStockAlerts, selectSubscribing, selectWaitsFor, stockAlertsNeeded, subscribeRequested } from './stockAlertsSlice';
import type { StockAlertTarget } from '@client/components/stockAlertSlot';
import './stockAlertsFeature'; // the feature's slice and saga, in the store before this button renders

/**
 * 'Avísame cuando llegue' of a size at 0 (docs/stock-alerts.md): one press subscribes; once subscribed (now or before)
 * it says 'Te avisaremos'. `compact` is the grid's cell.
 */
export default function StockAlertButton({ sku, name, size, compact = false }: StockAlertTarget) {
  const dispatch = useAppDispatch();
  const waits = useAppSelector(selectWaitsFor(sku));
  const running = useAppSelector(selectSubscribing).includes(sku);
  const list = useAppSelector(selectStockAlerts);

  // which sizes the buyer waits for already: the list, read once for every button of the page
  useEffect(() => {
    if (list.status === 'idle') dispatch(stockAlertsNeeded());
  }, [dispatch, list.status]);

  if (waits) {
    return (
      <Typography variant="caption" color="success.dark" data-stock-alert={sku} sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        {T.subscribed}
      </Typography>
    );
  }
  return (
    <Button
      size="small"
      variant={compact ? 'text' : 'outlined'}
      onClick={() => dispatch(subscribeRequested(sku))}
      disabled={running}
      aria-label={fill(T.subscribeLabel, { size, name })}
      startIcon={compact ? undefined : running ? <CircularProgress size={14} aria-hidden /> : <NotificationsActiveOutlined fontSize="small" />}
      sx={compact ? { minHeight: 32, py: 0, px: 0.5, fontSize: '0.7rem', lineHeight: 1.1, whiteSpace: 'normal', maxWidth: 96 } : { minHeight: 40, whiteSpace: 'normal', lineHeight: 1.2, maxWidth: { xs: 120, sm: 'none' } }}
    >
      {T.subscribe}
    </Button>
  );
}
