import type { LinePrice, OrderTotals } from '../pricing';

// The server cart (R-CART-1). Prices are always the server's: whatever price a client sends is ignored.

/** One size in the buyer's cart, priced by the server (R-CART-2: a cart item and its computed prices). */
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
  /**
   * A pre-order line (pedido por llegar, docs/incoming.md): units of the goods on their way, not of the stock on hand.
   * Its `stock` is then what arrives and is still free to promise (the quantity input's maximum).
   */
  porLlegar?: boolean;
  /** A pre-order line: 'YYYY-MM-DD' by which its whole quantity is expected to arrive (absent when it no longer can). */
  llegada?: string;
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
  /** Add to the size's pre-order line (units arriving, docs/incoming.md) instead of the stock on hand. */
  porLlegar?: boolean;
}

/** PUT /user/cart: set the quantity of one line. */
export interface CartUpdateRequest {
  id: number;
  quantity: number;
}

/**
 * POST /user/cart/bulk: add many sizes in one request, each through the same rules and prices as POST /user/cart
 * (docs/ordering.md). Lines of the same sku are added together.
 */
export interface CartBulkRequest {
  items: CartAddRequest[];
  /**
   * Default true: a quantity above the stock left (stock less what the cart holds) adds what is left ('clamped');
   * false: such a line is not added ('rejected', reason 'overStock').
   */
  clampToStock?: boolean;
}

/** What became of one line: added whole, added up to the stock, or not added. */
export type CartBulkLineStatus = 'added' | 'clamped' | 'rejected';

/**
 * Why a line was not added (or not whole): the ERP has no such sku; it exists but is not sold (inactive, not a sales
 * item, or its style hidden by an admin); no stock at all; nothing or not enough left beside what the cart holds.
 */
export type CartBulkReason = 'unknown' | 'unavailable' | 'noStock' | 'overStock';

export interface CartBulkLine {
  /** The sku as the ERP writes it (as sent when unknown). */
  sku: string;
  /** The quantity asked for (lines of the same sku added together). */
  requested: number;
  /** How many this request added (0 when rejected). */
  quantity: number;
  status: CartBulkLineStatus;
  reason?: CartBulkReason;
  /** What to tell the buyer about the line (absent when added whole). */
  message?: string;
  /** The cart's line after the request, priced by the server (absent when the sku is unknown or not sold). */
  item?: CartItem;
}

export interface CartBulkResponse {
  /** One per distinct sku, in the order first sent. */
  lines: CartBulkLine[];
  /** Lines added whole, clamped to the stock, not added. */
  added: number;
  clamped: number;
  rejected: number;
  /** How many lines the cart holds now (the top bar badge). */
  count: number;
  /** A summary for a toast: 'n de m productos agregados al carro'. */
  message: string;
}
