import * as yup from '../yup';
import { chileTodayIso, deliveryDateError } from '../workingDays';

// The buyer's own purchase-order reference and the delivery date it asks for, on the order summary (docs/ordering.md).
// Both optional; the form and POST /orders check them with these rules.

export const BUYER_REFERENCE_MAX = 40;

/** How the SPA's order summary, the order detail and the mails name the two fields. */
export const ORDER_REFERENCE_LABELS = {
  buyerReference: 'Su orden de compra',
  requestedDeliveryDate: 'Fecha de entrega solicitada',
  buyerReferenceHelp: 'Opcional: el número de su propia orden de compra',
  requestedDeliveryDateHelp: 'Opcional: un día hábil (lunes a viernes, sin feriados)',
} as const;

export const ORDER_REFERENCE_MSG = {
  buyerReferenceLength: 'La orden de compra debe tener como máximo 40 caracteres',
  buyerReferenceChars: 'La orden de compra solo puede tener letras, números, espacios y . - _ / #',
} as const;

/** Both are optional: a client that sends null for one means it has none (not 'Campo obligatorio'). */
const nullToEmpty = (value: unknown) => (value === null ? '' : value);

/**
 * The fields as yup rules. `context.today` ('YYYY-MM-DD') stands for today in Santiago (tests); without it, the real
 * today is used.
 */
export const orderReferenceFields = {
  buyerReference: yup
    .string()
    .transform(nullToEmpty)
    .trim()
    .default('')
    .max(BUYER_REFERENCE_MAX, ORDER_REFERENCE_MSG.buyerReferenceLength)
    .matches(/^[\p{L}\p{N} ._/#-]*$/u, ORDER_REFERENCE_MSG.buyerReferenceChars),
  requestedDeliveryDate: yup
    .string()
    .transform(nullToEmpty)
    .trim()
    .default('')
    .test('working-day', function check(value) {
      if (!value) return true;
      const today = (this.options.context as { today?: string } | undefined)?.today ?? chileTodayIso();
      const error = deliveryDateError(value, today);
      return error ? this.createError({ message: error }) : true;
    }),
};

export const orderReferenceSchema = yup.object(orderReferenceFields);
export type OrderReferenceValues = yup.InferType<typeof orderReferenceSchema>;
