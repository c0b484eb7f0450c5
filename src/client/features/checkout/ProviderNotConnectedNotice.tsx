import Alert from '@mui/material/Alert';
import { fill } from '../../../shared/messages';
import type { PaymentStart } from './checkoutSlice';
import { PROVIDER_NAME } from './checkoutTexts';

// TEMPORARY, until the payments issue connects WebPay Plus and Khipu (it takes `checkout/paymentStarted`): the order
// is created, and the buyer is told the provider is not connected yet. Delete this file and its one use in
// SummaryOrderScreen then.
const PROVIDER_NOT_CONNECTED = 'El pago con {provider} aún no está conectado: el pedido {number} quedó creado y pendiente de pago.';

export function ProviderNotConnectedNotice({ payment }: { payment: PaymentStart | null }) {
  if (!payment) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {fill(PROVIDER_NOT_CONNECTED, { provider: PROVIDER_NAME[payment.method], number: payment.order.purchaseOrderNumber })}
    </Alert>
  );
}
