import type { LinePrice, OrderTotals } from '../pricing';

// The server cart (spec section 7, Cart). Prices are always the server's: whatever price a client sends is ignored.

/** One size in the buyer's cart, priced by the server (spec section 3, cart item, plus its computed prices). */
export interface CartItem extends LinePrice {
  id: number;
  /** The size's ItemCode. */
  sku: string;
  /** The style code, for the product detail link. */
  style: string;
  name: string;
  size: string;
  quantity: number;
  /** Unit list price (same as priceList). */
  price: number;
  /** Stock available now: the quantity input's maximum. */
  stock: number;
  urlImageMain: string;
  offer: boolean;
  percentageOffer: number;
  percentageLoyalty: number;
  userId: number;
  /** The ERP no longer sells this size (or its style was hidden): priced 0, stock 0, left out of the totals; remove it to order. */
  unavailable?: boolean;
}

/** GET /user/cart/find-by-userid/{userId}: the lines and the 'Resumen de la compra'. */
export interface CartResponse {
  items: CartItem[];
  totals: OrderTotals;
}

/** POST /user/cart: add a quantity of one size (added to what the cart already holds of it). */
export interface CartAddRequest {
  sku: string;
  quantity: number;
}

/** PUT /user/cart: set the quantity of one line. */
export interface CartUpdateRequest {
  id: number;
  quantity: number;
}
