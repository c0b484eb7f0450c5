import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { PAYMENT_LINK_MSG } from '@shared/paymentLinks';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { PageSpinner } from '@client/components/PageSpinner';
import { repLinkOpened, selectRepLink, sendLinkRequested } from './paymentLinkSlice';
import './paymentLinkFeature'; // the feature's slice and saga, in the store before this screen renders

/**
 * /user/orders/:id/payment-link: a representing rep's card/transfer order is paid by the customer, not by the rep: the
 * rep sends the customer a payment link (docs/sales-reps.md#payment-link) and sees its state.
 */
export default function SendPaymentLinkScreen() {
  const dispatch = useAppDispatch();
  const orderId = Number(useParams().id);
  const rep = useAppSelector(selectRepLink);

  useEffect(() => {
    if (Number.isInteger(orderId) && orderId > 0) dispatch(repLinkOpened(orderId));
  }, [dispatch, orderId]);

  const link = rep.link;
  if (rep.loading && !link) return <PageSpinner />;
  const sent = Boolean(link?.state);
  const to = link?.sentTo ?? '';
  return (
    <Paper component="section" aria-labelledby="send-link-title" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}>
      <Typography id="send-link-title" variant="h1" component="h1" gutterBottom>
        {PAYMENT_LINK_MSG.sendLink} {link?.orderNumber}
      </Typography>
      <Stack spacing={2}>
        {link && <Typography>Total: {formatCLP(link.amount)}</Typography>}
        {to && <Typography>{fill(PAYMENT_LINK_MSG.willSendTo, { to })}</Typography>}
        {link?.state && (
          <Alert severity={link.state === 'OPEN' || link.paymentState === 'PAID' ? 'success' : 'warning'} role="status">
            {link.message}
          </Alert>
        )}
        {rep.error && <Alert severity="error">{rep.error}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {link?.paymentState !== 'PAID' && (
            <Button
              variant="contained"
              sx={PRIMARY_ACTION_SX}
              disabled={rep.sending || !link}
              onClick={() => dispatch(sendLinkRequested(orderId))}
              startIcon={rep.sending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {rep.sending ? PAYMENT_LINK_MSG.sending : sent ? PAYMENT_LINK_MSG.sendAgain : PAYMENT_LINK_MSG.sendLink}
            </Button>
          )}
          {sent && (
            <Button variant="outlined" onClick={() => dispatch(repLinkOpened(orderId))} disabled={rep.loading}>
              {PAYMENT_LINK_MSG.checkAgain}
            </Button>
          )}
          <Button component={RouterLink} to={`/user/orders/${orderId}`} variant="text">
            Ver el pedido
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
