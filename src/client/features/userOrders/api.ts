import type { Order } from '@shared/api/orders';
import type { BuyerOrderDetail, BuyerOrderList } from '@shared/api/userOrders';
import { http, type RequestOptions } from '@client/api/http';
import { listSearch, type ListQuery } from '@client/api/lists';

// 'Mis pedidos': the buyer's own portal orders (newest first) and one with its steps.

/** A page of them: the API takes a page and a page size, nothing else. */
export const fetchMyOrders = ({ page, pageSize }: ListQuery, options?: RequestOptions) =>
  http.get<BuyerOrderList>(`/user/orders${listSearch({ page, pageSize })}`, options);

/** `ref`: the order's number (OC000042) or id; another buyer's order is 404. */
export const fetchMyOrder = (ref: string, options?: RequestOptions) => http.get<BuyerOrderDetail>(`/user/orders/${encodeURIComponent(ref)}`, options);

/** The order as the payments take it (its number, method and total), by id: 'Pagar' of an unpaid card or transfer order. */
export const fetchOrder = (id: number, options?: RequestOptions) => http.get<Order>(`/orders/${id}`, options);
