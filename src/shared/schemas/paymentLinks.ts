import * as yup from '../yup';
import { PAYMENT_LINK_MSG } from '../paymentLinks';
import { PAYMENT_PROVIDERS } from '../payments';

// Bodies and path parameters of the payment link routes (docs/sales-reps.md#payment-link).

/** GET /api/public/payment-links/{token} and its pay: anything that is not a link's token is 'Link de pago inválido'. */
export const paymentLinkTokenParams = yup.object({
  token: yup.string().trim().required(PAYMENT_LINK_MSG.invalid).max(100, PAYMENT_LINK_MSG.invalid),
});

/** POST /api/orders/{id}/payment-link: nothing to choose; the link is for the order's total and payment method. */
export const paymentLinkCreateSchema = yup.object({}).noUnknown();

/** POST /api/public/payment-links/{token}/pay. */
export const paymentLinkPaySchema = yup.object({
  provider: yup.string().required('Elija cómo pagar').oneOf(PAYMENT_PROVIDERS, 'Elija cómo pagar'),
});
