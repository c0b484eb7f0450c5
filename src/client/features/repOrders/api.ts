import type { RepOrderDetail, RepOrderList } from '@shared/api/repOrders';
import { http, type RequestOptions } from '@client/api/http';
import { fetchListPage, type ListQuery } from '@client/api/lists';

// 'Mis pedidos del vendedor': the rep's orders and their customers', page by page, and one order's story (read-only).

export const fetchRepOrders = (query: ListQuery, options?: RequestOptions) => fetchListPage<RepOrderList>('/rep/orders', query, options);

/** `ref`: the order's number (OC000042) or id; an order outside the rep's orders and customers is 404. */
export const fetchRepOrder = (ref: string, options?: RequestOptions) => http.get<RepOrderDetail>(`/rep/orders/${encodeURIComponent(ref)}`, options);
