import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useDispatch } from 'react-redux';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { describePaymentState, PROVIDER_NAMES } from '@shared/payments';
import { canRetry } from '@client/app/problems';
import { PageSpinner } from '@client/components/PageSpinner';
import { PaymentDetails, type DetailRow } from './PaymentDetails';
import { PaymentNextSteps } from './PaymentNextSteps';
import { outcomeExplanation } from './paymentFormat';
import { selectPaymentStanding } from './paymentsSelectors';
import { paymentStateRequested, type PaymentOutcome, type PaymentStanding } from './paymentsSlice';
import { ORDER_STATE_TEXT, PAYMENTS_TEXT } from './paymentsTexts';
import { useAppSelector } from '@client/app/hooks';

const SEVERITY: Record<PaymentOutcome, AlertColor> = { paid: 'success', open: 'warning', failed: 'error', unknown: 'info' };

function standingRows(payment: PaymentStanding): DetailRow[] {
  const rows: DetailRow[] = [];
  rows.push({ label: PAYMENTS_TEXT.orderNumber, value: payment.orderReference ?? (payment.purpose !== 'ORDER' ? PAYMENTS_TEXT.invoicesLabel : '-') });
  if (payment.orderState) rows.push({ label: PAYMENTS_TEXT.orderState, value: ORDER_STATE_TEXT[payment.orderState] ?? payment.orderState });
  rows.push({ label: PAYMENTS_TEXT.paymentState, value: describePaymentState(payment.paymentState) });
  rows.push({ label: PAYMENTS_TEXT.paymentMethod, value: PROVIDER_NAMES[payment.provider] });
  rows.push({ label: PAYMENTS_TEXT.amount, value: formatCLP(payment.amount) });
  return rows;
}

/**
 * /payment with nothing to send: Back from WebPay's form or Khipu's page, a reload, a later visit. It states the
 * payment this tab started as the server has it (never what the browser remembers) and offers the next step.
 */
export function PaymentStatePanel() {
  const dispatch = useDispatch();
  const standing = useAppSelector(selectPaymentStanding);
  const refresh = () => dispatch(paymentStateRequested());

  if (standing.status === 'idle' || standing.status === 'loading') return <PageSpinner label={PAYMENTS_TEXT.stateLoading} />;
  if (standing.status === 'failed') {
    return (
      <Alert
        severity="error"
        action={
          // trying again helps only where the answer may change (app/problems.ts)
          canRetry(standing.errorStatus) && (
            <Button color="inherit" size="small" onClick={refresh}>
              {PAYMENTS_TEXT.retry}
            </Button>
          )
        }
      >
        {fill(PAYMENTS_TEXT.stateFailed, { message: standing.error ?? '' })}
      </Alert>
    );
  }
  const payment = standing.payment;
  if (!payment) {
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {PAYMENTS_TEXT.noPayment}
      </Alert>
    );
  }
  return (
    <>
      <Alert severity={SEVERITY[payment.outcome]} sx={{ mb: 3 }}>
        {outcomeExplanation(payment)}
      </Alert>
      <PaymentDetails label={PAYMENTS_TEXT.stateTitle} rows={standingRows(payment)} />
      <PaymentNextSteps
        outcome={payment.outcome}
        purpose={payment.purpose}
        provider={payment.provider}
        orderReference={payment.orderReference}
        onRefresh={refresh}
      />
    </>
  );
}
