import * as yup from '../yup';
import { QUICK_ORDER_CELL_MAX, QUICK_ORDER_MAX_LINES, QUICK_ORDER_MSG } from '../quickOrder';

// POST /user/quick-order/validate (docs/ordering.md). Only the shape and sizes are checked here: a line with a bad sku
// or quantity is answered as an invalid line (so the buyer sees which), not as a refused request.

export const QUICK_ORDER_REQUEST_MSG = {
  lines: QUICK_ORDER_MSG.noLines,
  tooMany: QUICK_ORDER_MSG.tooManyLines,
  line: 'Línea del pedido inválida',
} as const;

const line = yup.object({
  row: yup.number().typeError(QUICK_ORDER_REQUEST_MSG.line).integer(QUICK_ORDER_REQUEST_MSG.line).min(1, QUICK_ORDER_REQUEST_MSG.line).max(1_000_000, QUICK_ORDER_REQUEST_MSG.line).required(QUICK_ORDER_REQUEST_MSG.line),
  sku: yup.string().max(QUICK_ORDER_CELL_MAX.sku, QUICK_ORDER_REQUEST_MSG.line).default(''),
  size: yup.string().max(QUICK_ORDER_CELL_MAX.size, QUICK_ORDER_REQUEST_MSG.line).default(''),
  quantity: yup
    .mixed<string | number>()
    .test('quantity', QUICK_ORDER_REQUEST_MSG.line, (v) => v === undefined || v === null || (typeof v === 'string' && v.length <= QUICK_ORDER_CELL_MAX.quantity) || (typeof v === 'number' && Number.isFinite(v)))
    .transform((v) => (v === undefined || v === null ? '' : v))
    .default(''),
  error: yup.string().max(200).optional(),
});

const lines = yup.array(line).min(1, QUICK_ORDER_REQUEST_MSG.lines).required(QUICK_ORDER_REQUEST_MSG.lines);
const tooMany = yup.array().max(QUICK_ORDER_MAX_LINES, QUICK_ORDER_REQUEST_MSG.tooMany);

/** `{lines: [{row, sku, size?, quantity}]}`, at most 2 000 lines (more are refused before any is read). */
export const quickOrderValidateSchema = yup.object({
  // typed as the lines: the other branch never lets a value through
  lines: yup.lazy((value: unknown) => (Array.isArray(value) && value.length > QUICK_ORDER_MAX_LINES ? tooMany : lines) as typeof lines),
});
