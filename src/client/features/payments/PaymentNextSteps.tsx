import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { ReactElement } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import { fill, MSG } from '@shared/messages';
import type { PaymentProvider, PaymentPurpose } from '@shared/payments';
import { purchaseRetryRequested } from '@client/app/events';
import { ROUTES } from '@client/app/navigation';
import { selectPaymentStart, selectPurchaseRetry } from './paymentsSelectors';
import { backToCartRequested, invoiceRetryRequested, paymentAbortRequested, paymentResumeRequested, type PaymentOutcome } from './paymentsSlice';
import { PAYMENTS_TEXT } from './paymentsTexts';
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { useAppSelector } from '@client/app/hooks';

export interface PaymentNextStepsProps {
  outcome: PaymentOutcome;
  purpose: PaymentPurpose;
  provider: PaymentProvider;
  orderReference: string | null;
  /** false: the payment was not started in this tab ('Intentar nuevamente' has no choices to repeat). */
  canRetry?: boolean;
  /** Shown for an outcome not known yet: reads the payment again. */
  onRefresh?: () => void;
}

/**
 * What the buyer can do next, from the payment's outcome as the server told it: paid → 'Ver mi pedido'; still open →
 * 'Volver a pagar' (and 'Anular' for a card payment, after a confirmation); ended unpaid → 'Intentar nuevamente' and,
 * for an order, 'Volver al carro' (its lines are back there). Every way out replaces the flow's page, so Back leaves
 * the flow.
 */
export function PaymentNextSteps({ outcome, purpose, provider, orderReference, canRetry = true, onRefresh }: PaymentNextStepsProps) {
  const dispatch = useDispatch();
  const retry = useAppSelector(selectPurchaseRetry);
  const start = useAppSelector(selectPaymentStart);
  const busy = retry.status === 'running' || start.status === 'running' || start.status === 'redirecting';
  const order = purpose === 'ORDER';

  const retryPurchase = () => {
    if (order) dispatch(purchaseRetryRequested({ method: provider, orderReference }));
    else dispatch(invoiceRetryRequested());
  };

  const buttons: ReactElement[] = [];
  if (outcome === 'paid' && order) {
    buttons.push(
      <Button key="view" component={RouterLink} to={ROUTES.purchaseHistory} replace variant="contained" sx={PRIMARY_ACTION_SX}>
        {PAYMENTS_TEXT.viewOrder}
      </Button>,
    );
  }
  if (outcome === 'open') {
    buttons.push(
      <Button key="resume" variant="contained" disabled={busy} sx={PRIMARY_ACTION_SX} onClick={() => dispatch(paymentResumeRequested())}>
        {PAYMENTS_TEXT.payAgain}
      </Button>,
    );
    if (provider === 'WEBPAY') {
      buttons.push(
        <Button key="abort" variant="outlined" color="error" disabled={busy} sx={PRIMARY_ACTION_SX} onClick={() => dispatch(paymentAbortRequested())}>
          {PAYMENTS_TEXT.abort}
        </Button>,
      );
    }
  }
  if (outcome === 'failed') {
    if (canRetry) {
      buttons.push(
        <Button
          key="retry"
          variant="contained"
          disabled={busy}
          onClick={retryPurchase}
          sx={PRIMARY_ACTION_SX}
          startIcon={retry.status === 'running' ? <CircularProgress size={18} color="inherit" aria-label={PAYMENTS_TEXT.retryRunning} /> : undefined}
        >
          {PAYMENTS_TEXT.retryPurchase}
        </Button>,
      );
    }
    if (order) {
      buttons.push(
        <Button key="cart" variant="outlined" disabled={busy} sx={PRIMARY_ACTION_SX} onClick={() => dispatch(backToCartRequested())}>
          {PAYMENTS_TEXT.backToCart}
        </Button>,
      );
    }
  }
  if (outcome === 'unknown' && onRefresh) {
    buttons.push(
      <Button key="refresh" variant="outlined" onClick={onRefresh} sx={PRIMARY_ACTION_SX}>
        {PAYMENTS_TEXT.stateRefresh}
      </Button>,
    );
  }

  return (
    <>
      {retry.status === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {fill(PAYMENTS_TEXT.retryFailed, { message: retry.error ?? MSG.unknownError })}
        </Alert>
      )}
      {start.status === 'failed' && start.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {start.error}
        </Alert>
      )}
      {buttons.length > 0 && (
        <Stack role="group" aria-label={PAYMENTS_TEXT.nextSteps} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
          {buttons}
        </Stack>
      )}
    </>
  );
}
