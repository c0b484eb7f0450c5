import type { AccountDocumentDetail, AccountDocumentKind, AccountPayment, AccountStatement } from '@shared/api/account';
import { http, type Download, type RequestOptions } from '@client/api/http';

// The statement of a period and one document of the cuenta corriente (company Administrador and Finanzas only).

/** A statement's period: both days included ('YYYY-MM-DD'). */
export interface StatementPeriod {
  from: string;
  to: string;
}

/** The statement's downloads. */
export type StatementFormat = 'xlsx' | 'pdf';

const periodSearch = ({ from, to }: StatementPeriod, format?: StatementFormat) => {
  const params = new URLSearchParams({ from, to });
  if (format) params.set('format', format);
  return `?${params.toString()}`;
};

/** GET /api/user/account/statement?from&to: every movement of the period with its running balance. */
export const fetchStatement = (period: StatementPeriod, options?: RequestOptions) => http.get<AccountStatement>(`/user/account/statement${periodSearch(period)}`, options);

/** The name of a statement file when the server names none. */
export const statementFileName = ({ from, to }: StatementPeriod, format: StatementFormat) => `estado-de-cuenta-${from}-${to}.${format}`;

/** GET /api/user/account/statement?from&to&format=xlsx|pdf: the same statement as a spreadsheet or a PDF. */
export const downloadStatement = (period: StatementPeriod, format: StatementFormat, options?: RequestOptions): Promise<Download> =>
  http.download(`/user/account/statement${periodSearch(period, format)}`, statementFileName(period, format), options);

/** GET /api/user/account/documents/{kind}/{docEntry}: the document with its chain and the payments that settled it. */
export const fetchAccountDocument = (kind: AccountDocumentKind, docEntry: number, options?: RequestOptions) =>
  http.get<AccountDocumentDetail>(`/user/account/documents/${kind}/${docEntry}`, options);

/** GET /api/user/account/payments/{docEntry}: a payment received with every folio it settled. */
export const fetchAccountPayment = (docEntry: number, options?: RequestOptions) => http.get<AccountPayment>(`/user/account/payments/${docEntry}`, options);
