import * as yup from '../yup';

// Requests of the sales reps' routes (docs/sales-reps.md), validated the same way on both sides.

export const REP_MSG = {
  cardCode: 'Código de cliente inválido',
  represented: 'Atendiendo a {name} ({rut})',
  ended: 'Terminó la atención de {name}',
  notEnded: 'No estaba atendiendo a ningún cliente',
} as const;

/** A customer's ERP CardCode in a path ('C76123456'). */
export const repCardCodeParams = yup.object({
  cardCode: yup.string().trim().required(REP_MSG.cardCode).max(50, REP_MSG.cardCode).matches(/^[\w.-]+$/, REP_MSG.cardCode),
});
export type RepCardCodeParams = yup.InferType<typeof repCardCodeParams>;

/** POST /api/rep/represent/{cardCode} and /end: nothing to send (an empty object). */
export const repEmptySchema = yup.object({});
