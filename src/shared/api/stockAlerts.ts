// 'Avísame cuando llegue' (docs/stock-alerts.md): the buyer's alerts on sizes at 0.

export type StockAlertState = 'WAITING' | 'NOTIFIED' | 'REMOVED' | 'EXPIRED';

/** One alert as the buyer's profile lists it: the size, what it costs the buyer now, and until when it waits. */
export interface StockAlert {
  id: number;
  sku: string;
  style: string;
  /** The style's name and colour ('Polera Básica Algodón Blanco'). */
  name: string;
  colour: string;
  size: string;
  /** What one unit costs the acting company now (the cart's P. Distrib.); 0 when the size is no longer sold. */
  price: number;
  state: StockAlertState;
  /** ISO instants. */
  createdAt: string;
  expiresAt: string;
  notifiedAt: string | null;
}

/** GET /user/stock-alerts: the acting company's alerts of the caller, newest first (removed ones left out). */
export interface StockAlertList {
  alerts: StockAlert[];
}

/** POST /user/stock-alerts `{sku}`: the alert (a second request for the same size answers the same one). */
export interface StockAlertCreated {
  alert: StockAlert;
  message: string;
}

/** POST /public/stock-alerts/unsubscribe `{token}` as JSON: the alert removed. */
export interface StockAlertUnsubscribed {
  message: string;
  sku: string;
}
