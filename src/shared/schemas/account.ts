import * as yup from '../yup';
import { ACCOUNT_ITEM_STATES, AGING_BUCKETS, CLAIM_REASONS, type AccountDocumentKind } from '../api/account';
import { isIsoDay, oneOfOptional, pageField, pageSizeField } from './lists';

// Queries, parameters and bodies of the buyer's account routes (/api/user/account/…), shared by the forms and the
// server. The model: docs/account.md.

export const ACCOUNT_MSG = {
  kind: 'Tipo de documento inválido',
  docEntry: 'Documento inválido',
  bucket: 'Tramo de antigüedad inválido',
  state: 'Estado inválido',
  search: 'Folio inválido',
  sort: 'Columna de orden inválida',
  dir: 'Dirección de orden inválida',
  format: 'Formato inválido',
  date: 'Fecha inválida (use AAAA-MM-DD)',
  fromRequired: 'Indique la fecha inicial',
  toRequired: 'Indique la fecha final',
  dateRange: 'La fecha inicial es posterior a la final',
  rangeTooLong: 'El período no puede superar 24 meses',
  future: 'El período no puede terminar en el futuro',
  documents: 'Seleccione al menos un documento',
  tooManyDocuments: 'Puede pagar hasta 200 documentos a la vez',
  amount: 'El monto debe ser un número entero de pesos mayor que cero',
  reason: 'Seleccione el motivo del reclamo',
  claimText: 'Describa el reclamo (entre 10 y 2000 caracteres)',
  enabled: 'Indique si desea recibir los avisos',
  /** The spec of a ceded invoice: pay the cesionario. {name} razón social, {rut} its rut. */
  ceded: 'Cedida a {name} ({rut}): pague directamente al cesionario',
} as const;

/** The longest statement period, in months. */
export const STATEMENT_MAX_MONTHS = 24;

export const ACCOUNT_DOCUMENT_KINDS: readonly AccountDocumentKind[] = ['invoice', 'creditNote', 'downPayment'];
export const ACCOUNT_SORTS = ['dueDate', 'issueDate', 'folio', 'balance', 'daysOverdue'] as const;

const docEntry = () =>
  yup.number().typeError(ACCOUNT_MSG.docEntry).integer(ACCOUNT_MSG.docEntry).positive(ACCOUNT_MSG.docEntry).max(2 ** 31 - 1, ACCOUNT_MSG.docEntry);
const kind = () => yup.mixed<AccountDocumentKind>().oneOf([...ACCOUNT_DOCUMENT_KINDS], ACCOUNT_MSG.kind).required(ACCOUNT_MSG.kind);

/** GET /api/user/account/documents: paging (0-based), aging bucket, state, folio search, sort. */
export const accountDocumentsQuery = yup.object({
  page: pageField(),
  pageSize: pageSizeField(100, 25),
  bucket: oneOfOptional(AGING_BUCKETS, ACCOUNT_MSG.bucket),
  state: oneOfOptional(ACCOUNT_ITEM_STATES, ACCOUNT_MSG.state),
  /** Folio digits (a part of it). */
  q: yup.string().trim().max(12, ACCOUNT_MSG.search).matches(/^\d*$/, ACCOUNT_MSG.search).optional(),
  sort: oneOfOptional(ACCOUNT_SORTS, ACCOUNT_MSG.sort),
  dir: oneOfOptional(['asc', 'desc'] as const, ACCOUNT_MSG.dir),
});

/** /api/user/account/documents/{kind}/{docEntry}[/file/{format}] */
export const accountDocumentParams = yup.object({ kind: kind(), docEntry: docEntry().required(ACCOUNT_MSG.docEntry) });
export const accountFileParams = accountDocumentParams.shape({
  format: yup.mixed<'pdf' | 'xml'>().oneOf(['pdf', 'xml'], ACCOUNT_MSG.format).required(ACCOUNT_MSG.format),
});
export const accountPaymentParams = yup.object({ docEntry: docEntry().required(ACCOUNT_MSG.docEntry) });

/** The last day of a period of `months` months starting on `from` (2025-01-15 + 24 months → 2027-01-14). */
export function periodEnd(from: string, months: number): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1 + months, d));
  // a day that does not exist in the target month (31 in a 30-day month) rolls over; step back to the month's end
  if (end.getUTCDate() !== d) end.setUTCDate(0);
  else end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/**
 * GET /api/user/account/statement?from&to&format: both days included; at most 24 months; `to` not after `today`
 * (the server passes the Chilean day in the context: `schema.validate(query, { context: { today } })`).
 */
export const statementQuery = yup.object({
  from: yup.string().trim().required(ACCOUNT_MSG.fromRequired).test('day', ACCOUNT_MSG.date, isIsoDay),
  to: yup
    .string()
    .trim()
    .required(ACCOUNT_MSG.toRequired)
    .test('day', ACCOUNT_MSG.date, isIsoDay)
    .test('order', ACCOUNT_MSG.dateRange, function order(to) {
      const from = this.parent.from as string | undefined;
      return !from || !to || !isIsoDay(from) || from <= to;
    })
    .test('future', ACCOUNT_MSG.future, function future(to) {
      const today = (this.options.context as { today?: string } | undefined)?.today;
      return !today || !to || to <= today;
    })
    .test('length', ACCOUNT_MSG.rangeTooLong, function length(to) {
      const from = this.parent.from as string | undefined;
      return !from || !to || !isIsoDay(from) || !isIsoDay(to) || to <= periodEnd(from, STATEMENT_MAX_MONTHS);
    }),
  format: oneOfOptional(['json', 'xlsx', 'pdf'] as const, ACCOUNT_MSG.format),
});

/** One document of a payment (AccountPaySelection). */
export const paySelectionSchema = yup.object({
  kind: kind(),
  docEntry: docEntry().required(ACCOUNT_MSG.docEntry),
  amount: yup.number().typeError(ACCOUNT_MSG.amount).integer(ACCOUNT_MSG.amount).positive(ACCOUNT_MSG.amount).max(1e12, ACCOUNT_MSG.amount).optional(),
});

/** The documents of a netted payment (preview, WebPay create, Khipu create). */
export const paySelectionList = yup.array(paySelectionSchema.required(ACCOUNT_MSG.documents)).min(1, ACCOUNT_MSG.documents).max(200, ACCOUNT_MSG.tooManyDocuments);

/** POST /api/user/account/pay/preview. */
export const payPreviewSchema = yup.object({ documents: paySelectionList.required(ACCOUNT_MSG.documents) });

/** The claim form's fields (multipart: these plus up to 5 files of 10 MB, images or PDF). */
export const claimSchema = yup.object({
  reason: yup.mixed<(typeof CLAIM_REASONS)[number]>().oneOf([...CLAIM_REASONS], ACCOUNT_MSG.reason).required(ACCOUNT_MSG.reason),
  text: yup.string().trim().required(ACCOUNT_MSG.claimText).min(10, ACCOUNT_MSG.claimText).max(2000, ACCOUNT_MSG.claimText),
});

/** PUT /api/user/account/alerts. */
export const alertsPreferenceSchema = yup.object({ enabled: yup.boolean().typeError(ACCOUNT_MSG.enabled).required(ACCOUNT_MSG.enabled) });
