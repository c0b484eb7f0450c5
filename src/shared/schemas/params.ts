import * as yup from '../yup';

// Path and body parameters of the read API, validated the same way on both sides.

export const PARAM_MSG = {
  userId: 'Identificador de usuario inválido',
  customerId: 'Código de cliente inválido',
  docEntry: 'Número de documento inválido',
  sku: 'Sku inválido',
  items: 'Debe indicar al menos un sku',
  readyChecks: 'Indique las verificaciones separadas por coma: database, erp',
} as const;

const sku = yup.string().trim().required(PARAM_MSG.sku).max(50, PARAM_MSG.sku).matches(/^[\w.\-/]+$/, PARAM_MSG.sku);

export const userIdParams = yup.object({
  userId: yup.number().typeError(PARAM_MSG.userId).integer(PARAM_MSG.userId).positive(PARAM_MSG.userId).max(2 ** 31 - 1, PARAM_MSG.userId).required(PARAM_MSG.userId),
});
export const customerIdParams = yup.object({
  customerId: yup.string().trim().required(PARAM_MSG.customerId).max(15, PARAM_MSG.customerId).matches(/^[\w-]+$/, PARAM_MSG.customerId),
});
export const docEntryParams = yup.object({
  docEntry: yup.number().typeError(PARAM_MSG.docEntry).integer(PARAM_MSG.docEntry).positive(PARAM_MSG.docEntry).max(2 ** 31 - 1, PARAM_MSG.docEntry).required(PARAM_MSG.docEntry),
});
export const skuParams = yup.object({ sku });

/** POST /user/b1/masivo-sku: {items: [{code}]}. */
export const massOfferSchema = yup.object({
  items: yup.array(yup.object({ code: sku })).min(1, PARAM_MSG.items).max(500).required(PARAM_MSG.items),
});
export type MassOfferRequest = yup.InferType<typeof massOfferSchema>;

/** The dependencies /api/ready checks. */
export const READY_CHECKS = ['database', 'erp'] as const;

/**
 * GET /api/ready?only=database: only the named checks. A reverse proxy's health check asks for the instance's own
 * (its database connection), not the ERP every instance shares: an ERP outage must not take every instance out.
 */
export const readyQuerySchema = yup.object({
  only: yup
    .string()
    .trim()
    .optional()
    .test('checks', PARAM_MSG.readyChecks, (value) => !value || value.split(',').every((name) => (READY_CHECKS as readonly string[]).includes(name.trim()))),
});
export type ReadyQuery = yup.InferType<typeof readyQuerySchema>;
