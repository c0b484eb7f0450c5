import type { CartAddRequest, CartItem, CartUpdateRequest } from '@shared/api/cart';
import { http, type RequestOptions } from '@client/api/http';

// R-CART-1, R-CART-2. The server prices every line; whatever price a client could send is ignored.

/** Adds `quantity` of one size (its ItemCode) to what the cart already holds of it. */
export const addCartItem = (body: CartAddRequest, options?: RequestOptions) => http.post<CartItem>('/user/cart', body, options);

/** Sets the quantity of one line. */
export const updateCartItem = (body: CartUpdateRequest, options?: RequestOptions) => http.put<CartItem>('/user/cart', body, options);

export { fetchCart } from '@client/api/cart';

export const deleteCartItem = (id: number, options?: RequestOptions) => http.delete<void>(`/user/cart/${id}`, options);

/** How many lines the cart holds (the top bar badge). */
export const fetchCartCount = (userId: number, options?: RequestOptions) => http.get<number>(`/user/cart/count-cart/${userId}`, options);
