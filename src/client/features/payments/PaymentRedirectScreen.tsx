import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { postForm } from './browser';
import { readCardTransaction } from './paymentStorage';
import type { CardRedirect } from './paymentsSlice';
import { PAYMENTS_TEXT } from './paymentsTexts';

const isRedirect = (value: unknown): value is CardRedirect =>
  Boolean(value && typeof value === 'object' && typeof (value as CardRedirect).url === 'string' && typeof (value as CardRedirect).token === 'string');

/** Where to post: the navigation's state, or after a reload the transaction kept in session storage (datatbk). */
function cardRedirect(state: unknown): CardRedirect | null {
  if (isRedirect(state) && state.url && state.token) return { url: state.url, token: state.token };
  const stored = readCardTransaction();
  return stored ? { url: stored.url, token: stored.token } : null;
}

/** /payment (spec section 2): posts token_ws to WebPay's url at once; the button is there if that did not happen. */
export default function PaymentRedirectScreen() {
  const location = useLocation();
  const [redirect] = useState(() => cardRedirect(location.state));
  const form = useRef<HTMLFormElement>(null);
  // StrictMode runs effects twice: the form is posted once
  const posted = useRef(false);

  useEffect(() => {
    if (!redirect || !form.current || posted.current) return;
    posted.current = true;
    postForm(form.current);
  }, [redirect]);

  if (!redirect) {
    return (
      <Paper component="section" aria-labelledby="payment-redirect-title" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography id="payment-redirect-title" variant="h1" component="h1" gutterBottom>
          {PAYMENTS_TEXT.cardTitle}
        </Typography>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {PAYMENTS_TEXT.noCardTransaction}
        </Alert>
        <Button component={RouterLink} to="/" variant="contained">
          {PAYMENTS_TEXT.backHome}
        </Button>
      </Paper>
    );
  }

  return (
    <Paper component="section" aria-labelledby="payment-redirect-title" sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }}>
      <CircularProgress aria-hidden sx={{ mb: 2 }} />
      <Typography id="payment-redirect-title" variant="h1" component="h1" gutterBottom>
        {PAYMENTS_TEXT.redirecting}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {PAYMENTS_TEXT.redirectHint}
      </Typography>
      <Box component="form" ref={form} method="post" action={redirect.url} aria-label={PAYMENTS_TEXT.redirectButton}>
        <input type="hidden" name="token_ws" value={redirect.token} />
        <Button type="submit" variant="contained">
          {PAYMENTS_TEXT.redirectButton}
        </Button>
      </Box>
    </Paper>
  );
}
