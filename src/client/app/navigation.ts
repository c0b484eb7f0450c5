import type { AccountPaySelection } from '@shared/api/account';

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

type PageLoader = (to: string) => void;
let pageLoader: PageLoader = (to) => window.location.replace(to);

/** Loads `to` as a new page in place of this one: /login is a page of its own (login.html), not one of the SPA's. */
export function loadPage(to: string): void {
  pageLoader(to);
}

/** Tests: what loading a page does (jsdom loads none). */
export function setPageLoader(next: PageLoader): void {
  pageLoader = next;
}

/** Routes the payments flow leaves to (replacing its own entry, so Back leaves the flow). */
export const ROUTES = {
  home: '/',
  payment: '/payment',
  cartDetail: '/user/cart-detail',
  pendingPayments: '/user/pending-payments',
  purchaseHistory: '/user/purchase-history',
  account: '/user/account',
} as const;

/**
 * The navigation state of /user/pending-payments after 'Intentar nuevamente' of invoices: the same invoices ticked
 * again and the same provider chosen.
 */
export interface PendingPaymentsReselection {
  reselect: number[];
  method?: 'WEBPAY' | 'KHIPU';
}

/**
 * The navigation state of /user/account after 'Intentar nuevamente' of a netted payment: the same documents chosen
 * again (with the partial amount, if any) and the same provider.
 */
export interface AccountReselection {
  reselectDocuments: AccountPaySelection[];
  method?: 'WEBPAY' | 'KHIPU';
}
