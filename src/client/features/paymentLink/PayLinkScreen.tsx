import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { PaymentLinkView } from '@shared/api/paymentLinks';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { PAYMENT_LINK_MSG } from '@shared/paymentLinks';
import type { PaymentProvider } from '@shared/payments';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { PageSpinner } from '@client/components/PageSpinner';
import { postForm } from '@client/app/browser';
import { pageOpened, payRequested, selectLinkPage } from './paymentLinkSlice';
import './paymentLinkFeature'; // the feature's slice and saga, in the store before this screen renders

const PAY_LABEL: Record<PaymentProvider, string> = { WEBPAY: PAYMENT_LINK_MSG.payCard, KHIPU: PAYMENT_LINK_MSG.payTransfer };

/** The outcome of the payment made through the link, when the provider sent the customer back here. */
function Outcome({ view, onRefresh }: { view: PaymentLinkView; onRefresh: () => void }) {
  const state = view.payment?.state;
  if (state === 'PAID') return <Alert severity="success">{fill(PAYMENT_LINK_MSG.paid, { number: view.orderNumber })}</Alert>;
  if (state === 'CREATED') {
    return (
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" onClick={onRefresh}>
            {PAYMENT_LINK_MSG.checkAgain}
          </Button>
        }
      >
        {PAYMENT_LINK_MSG.inProgress}
      </Alert>
    );
  }
  return <Alert severity="warning">{PAYMENT_LINK_MSG.notPaid}</Alert>;
}

/**
 * /pagar/:token: the payment link a sales rep sent (docs/sales-reps.md#payment-link), without a login. It shows the
 * company, the order and its amount and the way to pay; a link that cannot be paid says why, in the server's words.
 * With `?resultado=1` (the provider sent the customer back) it shows the payment's outcome instead.
 */
export default function PayLinkScreen() {
  const dispatch = useAppDispatch();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const result = search.get('resultado') === '1';
  const page = useAppSelector(selectLinkPage);
  const form = useRef<HTMLFormElement>(null);
  const posted = useRef<string | null>(null);

  useEffect(() => {
    dispatch(pageOpened(token));
  }, [dispatch, token]);

  const redirect = page.redirect;
  useEffect(() => {
    if (redirect?.provider !== 'WEBPAY' || !form.current || posted.current === redirect.token) return;
    posted.current = redirect.token;
    postForm(form.current);
  }, [redirect]);

  const view = page.view;
  // until this token's answer is in (no flash of a refusal before the read)
  if (page.token !== token || (page.loading && !view)) return <PageSpinner />;
  return (
    <Paper component="section" aria-labelledby="pay-link-title" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto' }}>
      <Typography id="pay-link-title" variant="h1" component="h1" gutterBottom>
        {view ? fill(PAYMENT_LINK_MSG.title, { number: view.orderNumber }) : PAYMENT_LINK_MSG.invalid}
      </Typography>
      {page.error && !view && (
        <Alert severity="error" role="alert">
          {page.error}
        </Alert>
      )}
      {view && (
        <Stack spacing={2}>
          <Typography>{view.companyName}</Typography>
          <Box component="ul" aria-label="Productos del pedido" sx={{ pl: 2, m: 0 }}>
            {view.lines.map((line) => (
              <li key={`${line.sku}-${line.size}`}>
                <Typography component="span">
                  {line.quantity} × {line.name || line.sku} {line.size && `(${line.size})`} — {formatCLP(line.total)}
                </Typography>
              </li>
            ))}
          </Box>
          <Typography variant="h2" component="p">
            Total: {formatCLP(view.amount)}
          </Typography>
          {result && view.payment ? (
            <Outcome view={view} onRefresh={() => dispatch(pageOpened(token))} />
          ) : view.state !== 'OPEN' ? (
            <Alert severity="warning" role="alert">
              {view.message}
            </Alert>
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {view.providers.map((provider) => (
                <Button
                  key={provider}
                  variant="contained"
                  sx={PRIMARY_ACTION_SX}
                  disabled={page.paying !== null}
                  onClick={() => dispatch(payRequested(provider))}
                  startIcon={page.paying === provider ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
                >
                  {PAY_LABEL[provider]}
                </Button>
              ))}
            </Stack>
          )}
          {page.payError && <Alert severity="error">{page.payError}</Alert>}
        </Stack>
      )}
      {redirect?.provider === 'WEBPAY' && (
        <Box component="form" ref={form} method="post" action={redirect.url} aria-label={PAYMENT_LINK_MSG.payCard} sx={{ mt: 2 }}>
          <input type="hidden" name="token_ws" value={redirect.token} />
          <Button type="submit" variant="outlined">
            {PAYMENT_LINK_MSG.payCard}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
