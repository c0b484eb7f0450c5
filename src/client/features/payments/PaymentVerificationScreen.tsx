import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { CardPaymentResult } from '@shared/api/payments';
import { MSG } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { ABORTED_VCI, describeWebpayStatus, PAYMENT_STATE_DESCRIPTIONS } from '@shared/payments';
import { ROUTES } from '@client/app/navigation';
import { PageSpinner } from '@client/components/PageSpinner';
import { LoginNeeded } from './LoginNeeded';
import { PaymentDetails, type DetailRow } from './PaymentDetails';
import { PaymentNextSteps } from './PaymentNextSteps';
import {
  accountingDateText,
  cardNumberText,
  outcomeExplanation,
  paymentTypeText,
  responseCodeText,
  transactionDateText,
  vciText,
} from './paymentFormat';
import { cardOutcome, selectCardVerification, selectHasSession, type CardOutcome } from './paymentsSelectors';
import { cardReturnOpened, type CardReturnQuery, type PaymentOutcome } from './paymentsSlice';
import { ORDER_STATE_TEXT, PAYMENTS_TEXT } from './paymentsTexts';
import './paymentsFeature'; // the feature's slice and saga, in the store before this screen renders
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { useAppSelector } from '@client/app/hooks';

const OUTCOME_SEVERITY: Record<CardOutcome, AlertColor> = { approved: 'success', rejected: 'error', aborted: 'info', pending: 'warning' };

/** The next steps of a card result: paid, ended unpaid, or not decided yet (the commit had no answer). */
const NEXT_STEP: Record<CardOutcome, PaymentOutcome> = { approved: 'paid', rejected: 'failed', aborted: 'failed', pending: 'unknown' };

function outcomeText(outcome: CardOutcome, result: CardPaymentResult): string {
  switch (outcome) {
    case 'approved':
      return result.purpose !== 'ORDER' ? PAYMENTS_TEXT.invoicesPaid : MSG.thanksForBuying;
    case 'rejected':
      return MSG.paymentDeclined;
    case 'aborted':
      return PAYMENTS_TEXT.notBought;
    default:
      return PAYMENTS_TEXT.stillValidating;
  }
}

/** Every field of the stored result (R-PAY-WEB-2), codes with their Spanish descriptions. */
function resultRows(result: CardPaymentResult, outcome: CardOutcome): DetailRow[] {
  const rows: DetailRow[] = [
    { label: PAYMENTS_TEXT.vci, value: vciText(result.vci, outcome === 'aborted') },
    { label: PAYMENTS_TEXT.amount, value: formatCLP(result.amount) },
    // a payment left before WebPay gave a status shows the portal's own (Anulado, Vencido), not an unknown code
    { label: PAYMENTS_TEXT.status, value: result.status ? describeWebpayStatus(result.status) : PAYMENT_STATE_DESCRIPTIONS[result.state] },
    { label: PAYMENTS_TEXT.orderNumber, value: result.buy_order || '-' },
    { label: PAYMENTS_TEXT.sessionId, value: result.session_id || '-' },
    { label: PAYMENTS_TEXT.cardNumber, value: cardNumberText(result.card_number) },
    { label: PAYMENTS_TEXT.accountingDate, value: accountingDateText(result.accounting_date) },
    { label: PAYMENTS_TEXT.transactionDate, value: transactionDateText(result.transaction_date) },
    { label: PAYMENTS_TEXT.authorizationCode, value: result.authorization_code || '-' },
    { label: PAYMENTS_TEXT.paymentType, value: paymentTypeText(result.payment_type_code) },
    { label: PAYMENTS_TEXT.responseCode, value: responseCodeText(result.response_code) },
    { label: PAYMENTS_TEXT.installments, value: result.status ? String(result.installments_number ?? 0) : '-' },
  ];
  if (result.orderState) rows.push({ label: PAYMENTS_TEXT.orderState, value: ORDER_STATE_TEXT[result.orderState] ?? result.orderState });
  return rows;
}

function Body({ query }: { query: CardReturnQuery }) {
  const dispatch = useDispatch();
  const verification = useAppSelector(selectCardVerification);
  if (verification.status === 'idle' || verification.status === 'loading') return <PageSpinner label={PAYMENTS_TEXT.verifying} />;
  if (verification.status === 'failed') return <Alert severity="error">{verification.error}</Alert>;

  const { result, abortedOrder } = verification;
  if (!result) {
    // WebPay sent back only the order number: the buyer left its form, nothing was charged
    return (
      <>
        <Alert severity="info" sx={{ mb: 3 }}>
          {PAYMENTS_TEXT.notBought}
        </Alert>
        <PaymentDetails
          label={PAYMENTS_TEXT.verificationTitle}
          rows={[
            { label: PAYMENTS_TEXT.vci, value: ABORTED_VCI },
            { label: PAYMENTS_TEXT.orderNumber, value: abortedOrder ?? '-' },
          ]}
        />
        {/* not started in this tab: its choices are not here to repeat, the cart is */}
        <PaymentNextSteps outcome="failed" purpose="ORDER" provider="WEBPAY" orderReference={abortedOrder} canRetry={false} />
      </>
    );
  }
  const outcome = cardOutcome(result);
  const next = NEXT_STEP[outcome];
  return (
    <>
      <Alert severity={OUTCOME_SEVERITY[outcome]} sx={{ mb: 3 }}>
        {outcomeText(outcome, result)}
        {next === 'failed' && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {outcomeExplanation({ outcome: next, purpose: result.purpose, provider: 'WEBPAY', paymentState: result.state, orderReference: result.orderReference })}
          </Typography>
        )}
      </Alert>
      <PaymentDetails label={PAYMENTS_TEXT.verificationTitle} rows={resultRows(result, outcome)} />
      <PaymentNextSteps
        outcome={next}
        purpose={result.purpose}
        provider="WEBPAY"
        orderReference={result.orderReference}
        onRefresh={() => dispatch(cardReturnOpened(query))}
      />
    </>
  );
}

/** /payment-verification (R-PAY-WEB-2, R-PAY-WEB-3): WebPay sends the buyer back here with token_ws or TBK_TOKEN. */
export default function PaymentVerificationScreen() {
  const dispatch = useDispatch();
  const [params] = useSearchParams();
  const hasSession = useAppSelector(selectHasSession);
  const tokenWs = params.get('token_ws');
  const tbkToken = params.get('TBK_TOKEN');
  const tbkOrder = params.get('TBK_ORDEN_COMPRA');

  useEffect(() => {
    if (hasSession) dispatch(cardReturnOpened({ tokenWs, tbkToken, tbkOrder }));
  }, [dispatch, hasSession, tokenWs, tbkToken, tbkOrder]);

  return (
    <Paper component="section" aria-labelledby="payment-verification-title" sx={{ p: { xs: 2, sm: 4 } }}>
      <Typography id="payment-verification-title" variant="h1" component="h1" gutterBottom>
        {PAYMENTS_TEXT.verificationTitle}
      </Typography>
      {hasSession ? <Body query={{ tokenWs, tbkToken, tbkOrder }} /> : <LoginNeeded />}
      <Button component={RouterLink} to={ROUTES.home} replace variant="outlined" sx={{ ...PRIMARY_ACTION_SX, mt: 1 }}>
        {PAYMENTS_TEXT.backHome}
      </Button>
    </Paper>
  );
}
