import type {
  AccountClaim,
  AccountDocumentKind,
  AccountItemList,
  AccountPayPreview,
  AccountPaySelection,
  AccountSummary,
  ClaimReason,
} from '@shared/api/account';
import { CLAIM_FILES_FIELD } from '@shared/accountClaims';
import { http, type RequestOptions } from '@client/api/http';
import { listSearch, type ListQuery } from '@client/api/lists';

// 'Cuenta corriente': the header figures, the open items page by page, the netted payment's preview and a claim (a
// DTE's files: src/client/api/accountDocuments.ts, shared with the document page). Every answer is the acting company's own (the server checks it).

export const fetchAccountSummary = (options?: RequestOptions) => http.get<AccountSummary>('/user/account/summary', options);

/** A page of the open items: bucket, state, q (folio) as filters, sort and dir. */
export const fetchAccountDocuments = (query: ListQuery, options?: RequestOptions) => http.get<AccountItemList>(`/user/account/documents${listSearch(query)}`, options);

/** What a payment of these documents will be: the lines and the total, computed by the server from the ERP. */
export const previewAccountPayment = (documents: AccountPaySelection[], options?: RequestOptions) =>
  http.post<AccountPayPreview>('/user/account/pay/preview', { documents }, options);

/** A claim (multipart: reason, text and up to 5 files). */
export function postAccountClaim(kind: AccountDocumentKind, docEntry: number, claim: { reason: ClaimReason; text: string }, files: readonly File[], options?: RequestOptions) {
  const form = new FormData();
  form.append('reason', claim.reason);
  form.append('text', claim.text);
  for (const file of files) form.append(CLAIM_FILES_FIELD, file, file.name);
  return http.post<AccountClaim>(`/user/account/documents/${kind}/${docEntry}/claims`, form, options);
}
