import type { PendingDocument, PurchaseHistoryHeader, PurchaseHistoryLine } from '@shared/api/erp';
import { http, type RequestOptions } from '@client/api/http';

// R-INV-1 and R-HIST-1: the buyer's open invoices and purchase history, read from the ERP.
export const fetchPendingDocuments = (customerId: string, options?: RequestOptions) =>
  http.get<PendingDocument[]>(`/user/b1/pending-payments/${encodeURIComponent(customerId)}`, options);

export const fetchPurchaseHistory = (customerId: string, options?: RequestOptions) =>
  http.get<PurchaseHistoryHeader[]>(`/user/b1/purchase-history/${encodeURIComponent(customerId)}`, options);

export const fetchPurchaseHistoryLines = (docEntry: number, options?: RequestOptions) => http.get<PurchaseHistoryLine[]>(`/user/b1/purchase-history-det/${docEntry}`, options);
