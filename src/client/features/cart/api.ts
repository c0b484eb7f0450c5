import type { CartAddRequest, CartItem, CartResponse, CartUpdateRequest } from '@shared/api/cart';
import { http } from '@client/api/http';

// Spec section 7, Cart. The server prices every line; whatever price a client could send is ignored.

/** Adds `quantity` of one size (its ItemCode) to what the cart already holds of it. */
export const addCartItem = (body: CartAddRequest) => http.post<CartItem>('/user/cart', body);

/** Sets the quantity of one line. */
export const updateCartItem = (body: CartUpdateRequest) => http.put<CartItem>('/user/cart', body);

export const fetchCart = (userId: number) => http.get<CartResponse>(`/user/cart/find-by-userid/${userId}`);

export const deleteCartItem = (id: number) => http.delete<void>(`/user/cart/${id}`);

/** How many lines the cart holds (the top bar badge). */
export const fetchCartCount = (userId: number) => http.get<number>(`/user/cart/count-cart/${userId}`);
