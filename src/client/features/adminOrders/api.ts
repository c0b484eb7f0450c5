import type { AdminOrderDetail, AdminOrderList } from '@shared/api/adminOrders';
import { http, type RequestOptions } from '@client/api/http';
import { downloadListCsv, fetchListPage, type ListQuery } from '@client/api/lists';

// 'Pedidos' of the admin area: the orders page by page, their CSV, one order's whole story, its cheque photo.

export const fetchOrders = (query: ListQuery, options?: RequestOptions) => fetchListPage<AdminOrderList>('/admin/orders', query, options);

export const downloadOrdersCsv = (query: ListQuery, options?: RequestOptions) => downloadListCsv('/admin/orders', query, 'pedidos.csv', options);

/** `ref`: the order's number (OC000042) or id. */
export const fetchOrder = (ref: string, options?: RequestOptions) => http.get<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(ref)}`, options);

/**
 * The cheque photo through its admin download (`chequePhotoUrl`, '/api/admin/orders/{number}/cheque-photo'), with the
 * session's token: the browser never fetches it by a bare URL. The server's path carries the API prefix the client adds.
 */
export function downloadChequePhoto(url: string, options?: RequestOptions) {
  const path = url.replace(/^\/api(?=\/)/, '');
  const fallback = `${decodeURIComponent(path.split('/').at(-2) ?? 'cheque')}-cheque`;
  return http.download(path, fallback, options);
}
