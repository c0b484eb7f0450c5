// Lets sagas navigate without React: the router registers its navigate function here at start-up.
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
type Navigator = (to: string, options?: NavigateOptions) => unknown;

let navigator: Navigator | null = null;

export function setNavigator(next: Navigator | null): void {
  navigator = next;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  void navigator?.(to, options);
}

/** Routes the payments flow leaves to (replacing its own entry, so Back leaves the flow). */
export const ROUTES = {
  home: '/',
  payment: '/payment',
  cartDetail: '/user/cart-detail',
  pendingPayments: '/user/pending-payments',
  purchaseHistory: '/user/purchase-history',
} as const;

/**
 * The navigation state of /user/pending-payments after 'Intentar nuevamente' of invoices: the same invoices ticked
 * again and the same provider chosen.
 */
export interface PendingPaymentsReselection {
  reselect: number[];
  method?: 'WEBPAY' | 'KHIPU';
}
