import type { PendingDocument, PurchaseHistoryHeader, PurchaseHistoryLine } from '@shared/api/erp';
import { http } from '@client/api/http';

// Spec section 7, orders: the buyer's open invoices and purchase history, read from the ERP.
export const fetchPendingDocuments = (customerId: string) =>
  http.get<PendingDocument[]>(`/user/b1/pending-payments/${encodeURIComponent(customerId)}`);

export const fetchPurchaseHistory = (customerId: string) =>
  http.get<PurchaseHistoryHeader[]>(`/user/b1/purchase-history/${encodeURIComponent(customerId)}`);

export const fetchPurchaseHistoryLines = (docEntry: number) => http.get<PurchaseHistoryLine[]>(`/user/b1/purchase-history-det/${docEntry}`);
