import type { QuickOrderLineInput, QuickOrderValidation, ReorderResponse } from '@shared/api/ordering';
import { http, type RequestOptions } from '@client/api/http';
import { withIdempotencyKey } from '@client/api/idempotency';
import { env } from '@client/app/env';

// Quick order and reorder (docs/ordering.md). Adding to the cart is the bulk add of @client/api/cart (addCartLines).

/** Lines checked against the catalogue and the stock and priced for the buyer; nothing is added. */
export const validateQuickOrder = (lines: QuickOrderLineInput[], options?: RequestOptions) =>
  http.post<QuickOrderValidation>('/user/quick-order/validate', { lines }, options);

/** A CSV or XLSX file read and checked by the server (it tells the format by the content). */
export function uploadQuickOrderFile(file: File, options?: RequestOptions) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<QuickOrderValidation>('/user/quick-order/file', form, options);
}

/** One of the buyer's portal orders back in the cart at today's prices ('Mis pedidos'); the key is the action's. */
export const reorderPortalOrder = (id: number, idempotencyKey: string, options?: RequestOptions) =>
  http.post<ReorderResponse>(`/user/orders/${id}/reorder`, undefined, { ...options, ...withIdempotencyKey(idempotencyKey) });

/** One of the buyer's sales orders of the purchase history back in the cart at today's prices; the key is the action's. */
export const reorderErpOrder = (docEntry: number, idempotencyKey: string, options?: RequestOptions) =>
  http.post<ReorderResponse>(`/user/b1/purchase-history/${docEntry}/reorder`, undefined, { ...options, ...withIdempotencyKey(idempotencyKey) });

/** The downloadable templates (public: a plain link downloads them). */
export const TEMPLATE_URLS = { csv: `${env.apiBase}/user/quick-order/template.csv`, xlsx: `${env.apiBase}/user/quick-order/template.xlsx` } as const;
