import type { CartResponse } from '@shared/api/cart';
import { http, type RequestOptions } from './http';

// The server cart of a buyer, read by the cart (drawer, detail) and by the order summary (its totals): one call for both.
export const fetchCart = (userId: number, options?: RequestOptions) => http.get<CartResponse>(`/user/cart/find-by-userid/${userId}`, options);
