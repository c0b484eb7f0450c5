import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type RefObject } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ROUTES } from '@client/app/navigation';
import { PageSpinner } from '@client/components/PageSpinner';
import { LoginNeeded } from './LoginNeeded';
import { PaymentStatePanel } from './PaymentStatePanel';
import { postForm } from '@client/app/browser';
import { selectHasSession, selectProviderRedirect } from './paymentsSelectors';
import { paymentPageOpened, providerRedirectSent, type ProviderRedirect } from './paymentsSlice';
import { PAYMENTS_TEXT } from './paymentsTexts';
import './paymentsFeature'; // the feature's slice and saga, in the store before this screen renders
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { useAppSelector } from '@client/app/hooks';

/** While the browser goes to the provider: WebPay's form (posted at once, the button if that did not happen) or Khipu's page. */
function Redirecting({ target, form }: { target: ProviderRedirect; form: RefObject<HTMLFormElement | null> }) {
  const webpay = target.provider === 'WEBPAY';
  return (
    <Paper component="section" aria-labelledby="payment-redirect-title" sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }}>
      <CircularProgress aria-hidden sx={{ mb: 2 }} />
      <Typography id="payment-redirect-title" variant="h1" component="h1" gutterBottom>
        {webpay ? PAYMENTS_TEXT.redirecting : PAYMENTS_TEXT.redirectingKhipu}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {PAYMENTS_TEXT.redirectHint}
      </Typography>
      {webpay ? (
        <Box component="form" ref={form} method="post" action={target.url} aria-label={PAYMENTS_TEXT.redirectButton}>
          <input type="hidden" name="token_ws" value={target.token} />
          <Button type="submit" variant="contained" sx={PRIMARY_ACTION_SX}>
            {PAYMENTS_TEXT.redirectButton}
          </Button>
        </Box>
      ) : (
        <Button component={Link} href={target.url} variant="contained" sx={PRIMARY_ACTION_SX}>
          {PAYMENTS_TEXT.redirectKhipuLink}
        </Button>
      )}
    </Paper>
  );
}

/**
 * /payment (R-PAY-WEB-1): sends the browser to the provider once. The page that started the payment navigated here
 * in its own place, and what to send is forgotten (the store's kept slice) as this page takes it; so Back from WebPay's
 * form or Khipu's page (or any later visit) lands here with nothing to send, and the page states the payment instead.
 */
export default function PaymentRedirectScreen() {
  const dispatch = useDispatch();
  const { key } = useLocation();
  const hasSession = useAppSelector(selectHasSession);
  const redirect = useAppSelector(selectProviderRedirect);
  const form = useRef<HTMLFormElement>(null);
  // the token this page posted: React may run an effect twice, the form goes once
  const posted = useRef<string | null>(null);

  // every visit (a navigation here replaces the entry: a new key) takes what it has to send
  useEffect(() => {
    dispatch(paymentPageOpened());
  }, [dispatch, key]);

  // shown again from the back-forward cache (Back from the provider): nothing to send any more, the state instead
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch(paymentPageOpened());
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [dispatch]);

  const target = redirect.target;
  useEffect(() => {
    if (redirect.status !== 'ready' || target?.provider !== 'WEBPAY' || !form.current || posted.current === target.token) return;
    posted.current = target.token;
    postForm(form.current);
    dispatch(providerRedirectSent());
  }, [dispatch, redirect.status, target]);

  if ((redirect.status === 'ready' || redirect.status === 'sent') && target) return <Redirecting target={target} form={form} />;
  if (redirect.status !== 'none') return <PageSpinner />;
  return (
    <Paper component="section" aria-labelledby="payment-state-title" sx={{ p: { xs: 2, sm: 4 } }}>
      <Typography id="payment-state-title" variant="h1" component="h1" gutterBottom>
        {PAYMENTS_TEXT.stateTitle}
      </Typography>
      {hasSession ? <PaymentStatePanel /> : <LoginNeeded />}
      <Button component={RouterLink} to={ROUTES.home} replace variant="outlined" sx={{ ...PRIMARY_ACTION_SX, mt: 1 }}>
        {PAYMENTS_TEXT.backHome}
      </Button>
    </Paper>
  );
}
