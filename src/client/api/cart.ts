import type { CartBulkRequest, CartBulkResponse, CartResponse } from '@shared/api/cart';
import { http, type RequestOptions } from './http';
import { withIdempotencyKey } from './idempotency';

// The server cart of a buyer, read by the cart (drawer, detail) and by the order summary (its totals): one call for both.
export const fetchCart = (userId: number, options?: RequestOptions) => http.get<CartResponse>(`/user/cart/find-by-userid/${userId}`, options);

/**
 * POST /user/cart/bulk: many sizes in one request (grid, quick order, reorder), each added by the single add's rules
 * and prices, with a result per line (docs/ordering.md). The key is the user action's (app/keyedAttempt).
 */
export const addCartLines = (body: CartBulkRequest, idempotencyKey: string, options?: RequestOptions) =>
  http.post<CartBulkResponse>('/user/cart/bulk', body, { ...options, ...withIdempotencyKey(idempotencyKey) });
