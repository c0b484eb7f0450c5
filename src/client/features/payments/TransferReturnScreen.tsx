import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { TransferPaymentStatus } from '@shared/api/payments';
import { fill, MSG } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { describeFundsSource, describeKhipuStatus, describeKhipuStatusDetail, PROVIDER_NAMES } from '@shared/payments';
import { ROUTES } from '@client/app/navigation';
import { LoginNeeded } from './LoginNeeded';
import { PaymentDetails, type DetailRow } from './PaymentDetails';
import { PaymentNextSteps } from './PaymentNextSteps';
import { outcomeExplanation } from './paymentFormat';
import { selectHasSession, selectTransferReturn, transferOutcome, type TransferOutcome } from './paymentsSelectors';
import { transferReturnLeft, transferReturnOpened, type PaymentOutcome } from './paymentsSlice';
import { PAYMENTS_TEXT } from './paymentsTexts';
import './paymentsFeature'; // the feature's slice and saga, in the store before this screen renders
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { useAppSelector } from '@client/app/hooks';

const OUTCOME_SEVERITY: Record<TransferOutcome, AlertColor> = { paid: 'success', notPaid: 'error', pending: 'warning' };

/** The next steps of a transfer: paid, ended unpaid, or still payable at Khipu (the buyer came back without paying). */
const NEXT_STEP: Record<TransferOutcome, PaymentOutcome> = { paid: 'paid', notPaid: 'failed', pending: 'open' };

function outcomeText(outcome: TransferOutcome, payment: TransferPaymentStatus): string {
  if (outcome === 'paid') return payment.purpose !== 'ORDER' ? PAYMENTS_TEXT.invoicesPaid : PAYMENTS_TEXT.thanksForOrder;
  if (outcome === 'notPaid') return MSG.paymentDeclined;
  return PAYMENTS_TEXT.stillValidating;
}

function paymentForm(payment: TransferPaymentStatus): string {
  const provider = PROVIDER_NAMES[payment.provider] ?? PROVIDER_NAMES.KHIPU;
  const source = describeFundsSource(payment.funds_source);
  return source ? `${provider} (${source})` : provider;
}

/** R-PAY-KHI-2: Id de Pago, Monto, Moneda, status, Número de Orden, Forma de pago and the receipt. */
function paymentRows(payment: TransferPaymentStatus): DetailRow[] {
  const rows: DetailRow[] = [
    { label: PAYMENTS_TEXT.paymentId, value: payment.payment_id },
    { label: PAYMENTS_TEXT.amount, value: formatCLP(payment.amount) },
    { label: PAYMENTS_TEXT.currency, value: payment.currency },
    { label: PAYMENTS_TEXT.status, value: describeKhipuStatus(payment.status) },
  ];
  if (payment.status_detail) rows.push({ label: PAYMENTS_TEXT.statusDetail, value: describeKhipuStatusDetail(payment.status_detail) });
  rows.push(
    { label: PAYMENTS_TEXT.orderNumber, value: payment.orderReference ?? (payment.purpose !== 'ORDER' ? PAYMENTS_TEXT.invoicesLabel : '-') },
    { label: PAYMENTS_TEXT.paymentForm, value: paymentForm(payment) },
  );
  return rows;
}

function Result() {
  const dispatch = useDispatch();
  const transfer = useAppSelector(selectTransferReturn);
  const { payment } = transfer;
  const reopen = () => dispatch(transferReturnOpened({ paymentId: transfer.paymentId, cancelled: transfer.cancelled }));
  let notice: { severity: AlertColor; text: string; detail?: string; retry?: boolean } | null = null;
  let next: PaymentOutcome | null = null;
  if (transfer.status === 'finished' && payment) {
    const outcome = transferOutcome(payment);
    next = NEXT_STEP[outcome];
    notice =
      outcome === 'pending' && transfer.cancelled
        ? { severity: 'info', text: PAYMENTS_TEXT.notBought }
        : { severity: OUTCOME_SEVERITY[outcome], text: outcomeText(outcome, payment) };
    if (next !== 'paid') {
      notice.detail = outcomeExplanation({ outcome: next, purpose: payment.purpose, provider: 'KHIPU', paymentState: payment.state, orderReference: payment.orderReference });
    }
  } else if (transfer.status === 'timedOut') {
    notice = { severity: 'warning', text: PAYMENTS_TEXT.stillValidating };
    next = 'unknown';
  } else if (transfer.status === 'failed') {
    const known = transfer.error === PAYMENTS_TEXT.noTransferPayment;
    notice = { severity: 'error', text: known ? PAYMENTS_TEXT.noTransferPayment : fill(PAYMENTS_TEXT.pollFailed, { message: transfer.error ?? MSG.unknownError }), retry: !known };
  }
  return (
    <>
      {notice && (
        <Alert
          severity={notice.severity}
          sx={{ mb: 3 }}
          action={
            notice.retry ? (
              <Button color="inherit" size="small" onClick={reopen}>
                {PAYMENTS_TEXT.retry}
              </Button>
            ) : undefined
          }
        >
          {notice.text}
          {notice.detail && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {notice.detail}
            </Typography>
          )}
        </Alert>
      )}
      {next && (
        <PaymentNextSteps
          outcome={next}
          purpose={payment?.purpose ?? 'ORDER'}
          provider="KHIPU"
          orderReference={payment?.orderReference ?? null}
          onRefresh={reopen}
        />
      )}
      {payment && (
        <>
          <Typography variant="h2" component="h2" gutterBottom>
            {PAYMENTS_TEXT.resultTitle}
          </Typography>
          <PaymentDetails label={PAYMENTS_TEXT.resultTitle} rows={paymentRows(payment)} />
          {payment.receipt_url && (
            <Link href={payment.receipt_url} target="_blank" rel="noopener noreferrer" download sx={{ display: 'inline-block', mb: 2 }}>
              {PAYMENTS_TEXT.receipt}
            </Link>
          )}
        </>
      )}
    </>
  );
}

/** While the payment is validated: a full-screen spinner over the page (R-PAY-KHI-2). */
function Waiting({ provider, retrying }: { provider: string; retrying: boolean }) {
  const text = fill(PAYMENTS_TEXT.waitingValidation, { provider });
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        bgcolor: 'rgba(0, 0, 0, 0.6)',
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress color="inherit" aria-label={text} />
      <Typography>{text}</Typography>
      {retrying && <Typography variant="body2">{PAYMENTS_TEXT.retrying}</Typography>}
    </Box>
  );
}

/** /return (R-PAY-KHI-2, R-PAY-KHI-3): Khipu sends the buyer back here; the payment is polled until it is validated. */
export default function TransferReturnScreen() {
  const dispatch = useDispatch();
  const [params] = useSearchParams();
  const hasSession = useAppSelector(selectHasSession);
  const transfer = useAppSelector(selectTransferReturn);
  // the id Khipu's return_url carries; without it the saga takes the one this tab kept (the store's kept slice)
  const paymentId = params.get('paymentId') || null;
  const cancelled = params.get('cancel') === '1';

  // the polling runs while the screen is open: leaving it (or losing the session) cancels it
  useEffect(() => {
    if (!hasSession) return undefined;
    dispatch(transferReturnOpened({ paymentId, cancelled }));
    return () => {
      dispatch(transferReturnLeft());
    };
  }, [dispatch, hasSession, paymentId, cancelled]);

  const provider = PROVIDER_NAMES[transfer.payment?.provider ?? 'KHIPU'];
  return (
    <Paper component="section" aria-labelledby="transfer-return-title" sx={{ p: { xs: 2, sm: 4 } }}>
      <Typography id="transfer-return-title" variant="h1" component="h1" gutterBottom>
        {PAYMENTS_TEXT.returnTitle}
      </Typography>
      {hasSession ? (
        <>
          {transfer.status === 'polling' && <Waiting provider={provider} retrying={transfer.failures > 0} />}
          <Result />
        </>
      ) : (
        <LoginNeeded />
      )}
      <Stack direction="row" sx={{ mt: 3 }}>
        <Button component={RouterLink} to={ROUTES.home} replace variant="outlined" sx={PRIMARY_ACTION_SX}>
          {PAYMENTS_TEXT.backHome}
        </Button>
      </Stack>
    </Paper>
  );
}
