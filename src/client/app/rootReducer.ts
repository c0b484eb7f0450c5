import { combineSlices, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import type { AccountState } from '../features/account/accountSlice';
import type { AccountStatementState } from '../features/accountStatement/accountStatementSlice';
import type { LinesheetState } from '../features/linesheet/linesheetSlice';
import type { AdminAuditState } from '../features/adminAudit/adminAuditSlice';
import type { AdminCatalogState } from '../features/adminCatalog/adminCatalogSlice';
import type { AdminJobsState } from '../features/adminJobs/adminJobsSlice';
import type { AdminNotificationsState } from '../features/adminNotifications/adminNotificationsSlice';
import type { AdminOrdersState } from '../features/adminOrders/adminOrdersSlice';
import type { AdminUsersState } from '../features/adminUsers/adminUsersSlice';
import type { CartState } from '../features/cart/cartSlice';
import type { CatalogState } from '../features/catalog/catalogSlice';
import type { CheckoutState } from '../features/checkout/checkoutSlice';
import type { CompanyState } from '../features/company/companySlice';
import type { CurrentAccountState } from '../features/currentAccount/currentAccountSlice';
import type { CustomerRequestState } from '../features/customerRequest/customerRequestSlice';
import type { HomeState } from '../features/home/homeSlice';
import type { PaymentsState } from '../features/payments/paymentsSlice';
import type { ProductState } from '../features/product/productSlice';
import type { ProfileState } from '../features/profile/profileSlice';
import type { QuickOrderState } from '../features/quickOrder/quickOrderSlice';
import type { StockAlertsState } from '../features/stockAlerts/stockAlertsSlice';
import type { SearchState } from '../features/search/searchSlice';
import type { UserOrdersState } from '../features/userOrders/userOrdersSlice';
import type { CompanyApprovalsState } from '../features/companyApprovals/companyApprovalsSlice';
import type { RepsState } from '../features/reps/repsSlice';
import type { RepOrdersState } from '../features/repOrders/repOrdersSlice';
import type { SavedListsState } from '../features/savedLists/savedListsSlice';
import { sessionReducer } from '../features/session/sessionSlice';
import { confirmReducer } from './confirmSlice';
import { actingCompanyChanged, loggedOut } from './events';
import { messageReducer } from './messageSlice';
import { keptReducer } from './persistence';
import { publicOriginReducer } from './publicOriginSlice';
import type { PaymentLinkState } from '../features/paymentLink/paymentLinkSlice';

// The store's reducer is built as the SPA loads (docs/architecture.md, "The store is built per route"): every page has
// the session and the shell's own slices; a feature's slice joins when one of its screens loads (injectFeature), so
// /login downloads none of the other features' code.

/**
 * The slices of every page: the session, what else survives a reload (kept: app/persistence) and the shell's (message
 * bar, confirm dialog, public origin notice).
 */
const staticReducers = {
  session: sessionReducer,
  kept: keptReducer,
  message: messageReducer,
  confirm: confirmReducer,
  publicOrigin: publicOriginReducer,
};

/** The slices a feature brings when one of its screens loads. */
export interface LazyLoadedSlices {
  home: HomeState;
  catalog: CatalogState;
  search: SearchState;
  product: ProductState;
  profile: ProfileState;
  cart: CartState;
  checkout: CheckoutState;
  payments: PaymentsState;
  account: AccountState;
  currentAccount: CurrentAccountState;
  accountStatement: AccountStatementState;
  adminUsers: AdminUsersState;
  adminNotifications: AdminNotificationsState;
  customerRequest: CustomerRequestState;
  adminCatalog: AdminCatalogState;
  adminOrders: AdminOrdersState;
  adminJobs: AdminJobsState;
  adminAudit: AdminAuditState;
  userOrders: UserOrdersState;
  companyApprovals: CompanyApprovalsState;
  quickOrder: QuickOrderState;
  company: CompanyState;
  paymentLink: PaymentLinkState;
  reps: RepsState;
  repOrders: RepOrdersState;
  stockAlerts: StockAlertsState;
  savedLists: SavedListsState;
  linesheet: LinesheetState;
}

type StaticState = { [K in keyof typeof staticReducers]: ReturnType<(typeof staticReducers)[K]> };

/**
 * The whole state. A feature's slice is there from the moment its module loads, before any of its screens renders
 * or its saga runs, so the code that reads it always finds it.
 */
export type RootState = StaticState & LazyLoadedSlices;

const combined = combineSlices(staticReducers).withLazyLoadedSlices<LazyLoadedSlices>();
const known = new Set<string>(Object.keys(staticReducers));
/** The features' reducers by slice, as injected. */
const featureReducers = new Map<string, Reducer>();

/**
 * The slices that hold a buying company's data (its prices, cart, profile, orders, people, approvals, …): when a sales
 * rep starts or ends representing a customer (actingCompanyChanged) each one forgets it as it does at logout.
 */
export const COMPANY_SLICES: readonly (keyof LazyLoadedSlices)[] = [
  'home', 'catalog', 'search', 'product', 'profile', 'cart', 'checkout', 'payments', 'account', 'currentAccount', 'accountStatement', 'userOrders', 'companyApprovals', 'quickOrder', 'company', 'stockAlerts', 'savedLists', 'linesheet',
];

/** Adds a feature's slice to the store's reducer, once (injectFeature calls it); false when it was there already. */
export function injectReducer<K extends keyof LazyLoadedSlices>(reducerPath: K, reducer: Reducer<LazyLoadedSlices[K]>): boolean {
  if (known.has(reducerPath)) return false;
  combined.inject({ reducerPath, reducer } as Parameters<typeof combined.inject>[0]);
  known.add(reducerPath);
  featureReducers.set(reducerPath, reducer as Reducer);
  return true;
}

/** The state after a rep's change of customer: every company slice loaded so far as logging out leaves it. */
function forgetCompany(state: Record<string, unknown>): Record<string, unknown> {
  const next = { ...state };
  for (const key of COMPANY_SLICES) {
    const reducer = featureReducers.get(key);
    if (reducer && key in next) next[key] = reducer(next[key], loggedOut());
  }
  return next;
}

/** Whether a feature's slice is in the reducer yet. */
export const isInjected = (reducerPath: keyof RootState) => known.has(reducerPath);

/**
 * The root reducer. State for a slice whose feature has not loaded yet (a test's preloaded state, a recorded state
 * being replayed) is kept as it is, untouched, until the feature loads and its reducer takes it over.
 */
export const rootReducer = ((state: Record<string, unknown> | undefined, action: UnknownAction) => {
  const next = reduce(state, action);
  return actingCompanyChanged.match(action) ? forgetCompany(next as Record<string, unknown>) : next;
}) as unknown as Reducer<RootState, UnknownAction, Partial<RootState>>;

function reduce(state: Record<string, unknown> | undefined, action: UnknownAction) {
  if (state === undefined) return combined(state, action);
  let waiting = false;
  for (const key in state) {
    if (!known.has(key)) {
      waiting = true;
      break;
    }
  }
  if (!waiting) return combined(state as Parameters<typeof combined>[0], action);
  const own: Record<string, unknown> = {};
  const kept: Record<string, unknown> = {};
  for (const key in state) (known.has(key) ? own : kept)[key] = state[key];
  const next = combined(own as Parameters<typeof combined>[0], action);
  return next === own ? state : { ...next, ...kept };
}
