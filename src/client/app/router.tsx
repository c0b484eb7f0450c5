import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import type { CatalogueItem, PurchaseHistoryHeader } from '@shared/api/erp';
import type { BuyerOrderDetail } from '@shared/api/userOrders';
import type { PurchaseHistoryScreenProps } from '../features/account/PurchaseHistoryScreen';
import type { StockAlertSlot } from '../components/stockAlertSlot';
import {
  Navigate,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  useRoutes,
  type HistoryRouterProps,
  type InitialEntry,
  type Location,
  type NavigationType,
  type RouteObject,
} from 'react-router-dom';
import { selectIsAdmin, selectIsAuthenticated, selectIsBlocked, selectProfile } from '../features/session/sessionSelectors';
import { selectMay } from '../features/session/companySelectors';
import { RequireAdmin, RequireAuth, RequireCapability, RequireRep } from './guards';
import { useAppDispatch, useAppSelector } from './hooks';
import { Layout } from './Layout';
import { loadPage, setNavigator, type NavigateOptions } from './navigation';
import { recentToasts } from './notify';
import { getScenarioRecorder } from './scenario/recorder';
import { kept } from './persistence';
import { SESSION_KEYS } from './sessionKeys';
import { ACCOUNT_DOCUMENT_ROUTE, ACCOUNT_PATH, ACCOUNT_STATEMENT_PATH, COMPANY_PEOPLE_PATH, LINESHEET_PATH, REP_CUSTOMERS_PATH, REP_LINESHEET_PATH, REP_ORDERS_PATH, SAVED_LISTS_PATH, SEASON_PATH, SET_PASSWORD_PATH } from './routePaths';

// /login is a page of its own (login.html, src/client/login): the SPA reaching it loads that page. The other screens
// load on demand, so a page downloads only its own area's code. A screen's module brings its
// feature's slice and saga (injectFeature); a screen whose feature sends an event another feature carries out also
// loads that feature (a feature never imports another one, so the pairs are wired here):
//  - product detail adds to the cart (cartItemsAddRequested): the cart;
//  - the order summary empties or refreshes the cart and starts card/transfer payments (paymentStarted): cart, payments;
//  - pending payments pays invoices (invoicePaymentRequested): payments; so does the cuenta corriente (accountPaymentRequested);
//  - the payment screens refresh the cart and retry a purchase (purchaseRetryRequested): cart, checkout.
function screen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, ...features: (() => Promise<unknown>)[]) {
  return lazy(async () => (await Promise.all([load(), ...features.map((feature) => feature())]))[0]);
}
const cartFeature = () => import('../features/cart/cartFeature');
const checkoutFeature = () => import('../features/checkout/checkoutFeature');
const paymentsFeature = () => import('../features/payments/paymentsFeature');

const LoginPagePlaceholder = lazy(() => import('../features/session/screens/LoginPagePlaceholder'));
const ChangePasswordScreen = lazy(() => import('../features/session/screens/ChangePasswordScreen'));
const SessionExpiredScreen = lazy(() => import('../features/session/screens/SessionExpiredScreen'));
const HomeScreen = lazy(() => import('../features/home/HomeScreen'));
const CatalogScreen = lazy(() => import('../features/catalog/CatalogScreen'));
const CatalogDetailScreen = lazy(() => import('../features/catalog/CatalogDetailScreen'));
const SeasonScreen = lazy(() => import('../features/catalog/SeasonScreen'));
const SearchResultsScreen = lazy(() => import('../features/search/SearchResultsScreen'));
const ProductDetailScreen = screen(() => import('../features/product/ProductDetailScreen'), cartFeature);
const ProfileScreen = lazy(() => import('../features/profile/ProfileScreen'));
const CartDetailScreen = lazy(() => import('../features/cart/CartDetailScreen'));
const SummaryOrderScreen = screen(() => import('../features/checkout/SummaryOrderScreen'), cartFeature, paymentsFeature);
const PaymentRedirectScreen = screen(() => import('../features/payments/PaymentRedirectScreen'), cartFeature, checkoutFeature);
const PaymentVerificationScreen = screen(() => import('../features/payments/PaymentVerificationScreen'), cartFeature, checkoutFeature);
const TransferReturnScreen = screen(() => import('../features/payments/TransferReturnScreen'), cartFeature, checkoutFeature);
const PendingPaymentsScreen = screen(() => import('../features/account/PendingPaymentsScreen'), paymentsFeature);
// the cuenta corriente pays its documents through the payments feature (accountPaymentRequested)
const CurrentAccountScreen = screen(() => import('../features/currentAccount/CurrentAccountScreen'), paymentsFeature);
// 'Volver a comprar' there is the quick-order feature's button (and the cart refreshes its badge)
const PurchaseHistoryScreen = screen<PurchaseHistoryScreenProps>(() => import('../features/account/PurchaseHistoryScreen'), cartFeature);
const ReorderButton = lazy(() => import('../features/quickOrder/ReorderButton'));
// 'Avísame cuando llegue' (docs/stock-alerts.md): the stock-alerts feature's button under a size at 0, its profile section
const StockAlertButton = lazy(() => import('../features/stockAlerts/StockAlertButton'));
const StockAlertsSection = lazy(() => import('../features/stockAlerts/StockAlertsSection'));
const stockAlertSlot: StockAlertSlot = (target) => (
  <Suspense fallback={null}>
    <StockAlertButton {...target} />
  </Suspense>
);
// quick order adds to the cart through the bulk endpoint itself; the cart badge is read again by the cart feature
const QuickOrderScreen = screen(() => import('../features/quickOrder/QuickOrderScreen'), cartFeature);
// saved lists (docs/saved-lists.md): a list's 'Agregar al carro' refreshes the cart's badge (cartRefreshRequested);
// 'Guardar en lista' is the feature's control, put by the app on the product detail, the size grid and the result lists
const SavedListsScreen = lazy(() => import('../features/savedLists/SavedListsScreen'));
const SavedListScreen = screen(() => import('../features/savedLists/SavedListScreen'), cartFeature);
const SaveToListButton = lazy(() => import('../features/savedLists/SaveToListButton'));
const CustomerRequestScreen = lazy(() => import('../features/customerRequest/CustomerRequestScreen'));
const UserListScreen = lazy(() => import('../features/adminUsers/UserListScreen'));
const UserCreateScreen = lazy(() => import('../features/adminUsers/UserCreateScreen'));
const UserUpdateScreen = lazy(() => import('../features/adminUsers/UserUpdateScreen'));
const NotificationListScreen = lazy(() => import('../features/adminNotifications/NotificationListScreen'));
const NotificationCreateScreen = lazy(() => import('../features/adminNotifications/NotificationCreateScreen'));
const NotificationUpdateScreen = lazy(() => import('../features/adminNotifications/NotificationUpdateScreen'));
const AdminProductListScreen = lazy(() => import('../features/adminCatalog/ProductListScreen'));
const AdminProductUpdateScreen = lazy(() => import('../features/adminCatalog/ProductUpdateScreen'));
const AdminBannerListScreen = lazy(() => import('../features/adminCatalog/BannerListScreen'));
const AdminBannerFormScreen = lazy(() => import('../features/adminCatalog/BannerFormScreen'));
const AdminOrderListScreen = lazy(() => import('../features/adminOrders/OrderListScreen'));
const AdminOrderDetailScreen = lazy(() => import('../features/adminOrders/OrderDetailScreen'));
const AdminJobListScreen = lazy(() => import('../features/adminJobs/JobListScreen'));
const AdminJobDetailScreen = lazy(() => import('../features/adminJobs/JobDetailScreen'));
const AdminAuditScreen = lazy(() => import('../features/adminAudit/AuditListScreen'));
const LinesheetScreen = lazy(() => import('../features/linesheet/LinesheetScreen'));
const LinesheetSendScreen = lazy(() => import('../features/linesheet/LinesheetSendScreen'));
const StatementScreen = lazy(() => import('../features/accountStatement/StatementScreen'));
const AccountDocumentScreen = lazy(() => import('../features/accountStatement/DocumentScreen'));
const MyOrderListScreen = lazy(() => import('../features/userOrders/MyOrderListScreen'));
// 'Pagar' of an unpaid card or transfer order (paymentStarted): payments
const MyOrderDetailScreen = screen(() => import('../features/userOrders/MyOrderDetailScreen'), paymentsFeature);
// company people and approvals (docs/company-people.md): 'Mi empresa: Personas', the public set-your-password page, 'Mi empresa: Por aprobar'
const CompanyPeopleScreen = lazy(() => import('../features/company/CompanyPeopleScreen'));
const SetPasswordScreen = lazy(() => import('../features/company/SetPasswordScreen'));
const ApprovalListScreen = lazy(() => import('../features/companyApprovals/ApprovalListScreen'));
const ApprovalDetailScreen = lazy(() => import('../features/companyApprovals/ApprovalDetailScreen'));
const PayLinkScreen = lazy(() => import('../features/paymentLink/PayLinkScreen'));
const SendPaymentLinkScreen = lazy(() => import('../features/paymentLink/SendPaymentLinkScreen'));
// the sales reps' screens (docs/sales-reps.md): 'Mis clientes'
const RepCustomersScreen = lazy(() => import('../features/reps/RepCustomersScreen'));
// the sales rep's own screens (docs/sales-reps.md): 'Mis pedidos' of a vendedor
const RepOrderListScreen = lazy(() => import('../features/repOrders/RepOrderListScreen'));
const RepOrderDetailScreen = lazy(() => import('../features/repOrders/RepOrderDetailScreen'));

// Screens of one feature get what they need of the session from here: a feature never imports another one.
function HomeRoute() {
  const blocked = useAppSelector(selectIsBlocked);
  return <HomeScreen blocked={blocked} />;
}

/** 'Guardar en lista' of a style, for a logged-in buyer whose role buys (saved lists are the buyer's ordering tool). */
function saveToList(style: string, name: string, variant: 'button' | 'icon' = 'button') {
  return (
    <Suspense fallback={null}>
      <SaveToListButton style={style} name={name} variant={variant} />
    </Suspense>
  );
}
const saveRowToList = (row: CatalogueItem) => saveToList(row.sku, row.descripcion, 'icon');
function useMaySaveLists(): boolean {
  const loggedIn = useAppSelector(selectIsAuthenticated);
  const isAdmin = useAppSelector(selectIsAdmin);
  const mayBuy = useAppSelector(selectMay('buy'));
  return loggedIn && !isAdmin && mayBuy;
}

function ProductDetailRoute() {
  const loggedIn = useAppSelector(selectIsAuthenticated);
  const isAdmin = useAppSelector(selectIsAdmin);
  const blocked = useAppSelector(selectIsBlocked);
  const descFidel = useAppSelector(selectProfile)?.descFidel ?? 0;
  // a visitor is offered the login; a person whose role does not buy (Aprobador, Finanzas) is offered no cart
  const mayBuy = useAppSelector(selectMay('buy')) || !loggedIn;
  const maySave = useMaySaveLists();
  return (
    <ProductDetailScreen
      viewer={{ loggedIn, isAdmin, blocked, mayBuy, descFidel }}
      stockAlert={loggedIn ? stockAlertSlot : undefined}
      saveToList={maySave ? saveToList : undefined}
    />
  );
}

/** 'Lista de precios': a person who may keep saved lists may choose one of them. */
function LinesheetRoute() {
  return <LinesheetScreen savedLists={useMaySaveLists()} />;
}

function CatalogDetailRoute() {
  return <CatalogDetailScreen rowAction={useMaySaveLists() ? saveRowToList : undefined} />;
}

function SearchResultsRoute() {
  return <SearchResultsScreen rowAction={useMaySaveLists() ? saveRowToList : undefined} />;
}

/** The purchase history with 'Volver a comprar' in each row and in the detail (the reorder of the quick-order feature). */
function PurchaseHistoryRoute() {
  const reorderAction = useCallback(
    (order: PurchaseHistoryHeader, tabIndex?: number) => (
      <Suspense fallback={null}>
        <ReorderButton source={{ kind: 'history', docEntry: order.docEntry }} reference={order.numPedido} variant={tabIndex === undefined ? 'button' : 'icon'} tabIndex={tabIndex} />
      </Suspense>
    ),
    [],
  );
  return <PurchaseHistoryScreen reorderAction={reorderAction} />;
}

/** A portal order of 'Mis pedidos' with 'Volver a comprar' in its header. */
function MyOrderDetailRoute() {
  const reorderAction = useCallback(
    (order: BuyerOrderDetail) => (
      <Suspense fallback={null}>
        <ReorderButton source={{ kind: 'order', id: order.id }} reference={order.number} variant="button" />
      </Suspense>
    ),
    [],
  );
  return <MyOrderDetailScreen reorderAction={reorderAction} />;
}

/**
 * The company's data is its administrator's to change; the other people of the company read it. Whoever sees the
 * cuenta corriente has the switch of its mail alerts.
 */
function ProfileRoute() {
  const editable = useAppSelector(selectMay('people'));
  const accountAlerts = useAppSelector(selectMay('finance'));
  const buys = useAppSelector(selectMay('buy'));
  const stockAlerts = buys ? (
    <Suspense fallback={null}>
      <StockAlertsSection />
    </Suspense>
  ) : undefined;
  return <ProfileScreen editable={editable} accountAlerts={accountAlerts} stockAlerts={stockAlerts} />;
}

function SummaryOrderRoute() {
  const profile = useAppSelector(selectProfile);
  return <SummaryOrderScreen profile={profile} />;
}

/**
 * /login in the SPA (a guard, a logout, a link): the login page is loaded in its place. The toasts of the moment before
 * (a saga's 'done' just before it led here: a password changed, a customer request sent) go with it: the login page
 * shows them (kept in the store across the page load: app/persistence; read once).
 */
function LoginPageLoad() {
  const dispatch = useAppDispatch();
  // a QA replay shows recorded states in this page (an anonymous one is sent here): it stays on this page
  const [replaying] = useState(() => getScenarioRecorder()?.mode === 'replaying');
  useEffect(() => {
    if (replaying) return;
    const toasts = recentToasts();
    if (toasts.length > 0) dispatch(kept({ [SESSION_KEYS.loginNotice]: JSON.stringify(toasts) }));
    loadPage('/login');
  }, [replaying, dispatch]);
  return replaying ? <LoginPagePlaceholder /> : null;
}

/** The routes of R-NAV-1 and R-ADM-1. */
export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      // open routes
      { path: '/login', element: <LoginPageLoad /> },
      { path: '/session-expired', element: <SessionExpiredScreen /> },
      { path: '/change-password', element: <ChangePasswordScreen /> },
      { path: '/user/user-creation-req', element: <CustomerRequestScreen /> },
      { path: '/payment', element: <PaymentRedirectScreen /> },
      { path: '/payment-verification', element: <PaymentVerificationScreen /> },
      { path: '/return', element: <TransferReturnScreen /> },
      // the payment link a sales rep sent: the customer pays without logging in
      { path: '/pagar/:token', element: <PayLinkScreen /> },
      { path: SET_PASSWORD_PATH, element: <SetPasswordScreen /> },
      {
        // the sales reps' own screens: VENDEDOR only
        element: <RequireRep />,
        children: [
          { path: REP_CUSTOMERS_PATH, element: <RepCustomersScreen /> },
          { path: REP_ORDERS_PATH, element: <RepOrderListScreen /> },
          { path: `${REP_ORDERS_PATH}/:id`, element: <RepOrderDetailScreen /> },
          { path: REP_LINESHEET_PATH, element: <LinesheetSendScreen who="rep" /> },
        ],
      },
      {
        // guarded: logged-in users only (a sales rep only while representing a customer: these are a company's screens)
        element: <RequireAuth />,
        children: [
          { path: '/', element: <HomeRoute /> },
          { path: '/profile', element: <ProfileRoute /> },
          { path: '/user/catalog', element: <CatalogScreen /> },
          { path: '/user/catalog-detail', element: <CatalogDetailRoute /> },
          { path: SEASON_PATH, element: <SeasonScreen /> },
          // the line sheet (docs/linesheet.md): every role of a company sees its prices
          { path: LINESHEET_PATH, element: <LinesheetRoute /> },
          { path: '/user/search-product', element: <SearchResultsRoute /> },
          { path: '/user/product-detail/:sku', element: <ProductDetailRoute /> },
          { path: '/user/orders', element: <MyOrderListScreen /> },
          { path: '/user/orders/:id', element: <MyOrderDetailRoute /> },
          // the screens of a role inside the company: the cart and ordering, the company's invoices
          {
            element: <RequireCapability capabilities={['buy']} />,
            children: [
              { path: '/user/cart-detail', element: <CartDetailScreen /> },
              { path: '/user/sumary-order', element: <SummaryOrderRoute /> },
              { path: '/user/quick-order', element: <QuickOrderScreen /> },
              { path: SAVED_LISTS_PATH, element: <SavedListsScreen /> },
              { path: `${SAVED_LISTS_PATH}/:id`, element: <SavedListScreen /> },
              { path: '/user/orders/:id/payment-link', element: <SendPaymentLinkScreen /> },
            ],
          },
          // the company's invoices and its cuenta corriente (the open items, the statement, a document's page): company
          // Administrador and Finanzas
          {
            element: <RequireCapability capabilities={['finance']} />,
            children: [
              { path: '/user/pending-payments', element: <PendingPaymentsScreen /> },
              { path: ACCOUNT_PATH, element: <CurrentAccountScreen /> },
              { path: ACCOUNT_STATEMENT_PATH, element: <StatementScreen /> },
              { path: ACCOUNT_DOCUMENT_ROUTE, element: <AccountDocumentScreen /> },
            ],
          },
          { element: <RequireCapability capabilities={['finance', 'buy']} />, children: [{ path: '/user/purchase-history', element: <PurchaseHistoryRoute /> }] },
          // the company's people, for whoever may manage them
          { element: <RequireCapability capabilities={['people']} />, children: [{ path: COMPANY_PEOPLE_PATH, element: <CompanyPeopleScreen /> }] },
          // the orders waiting for the company's approval, for whoever may approve
          {
            element: <RequireCapability capabilities={['approve']} />,
            children: [
              { path: '/user/company/approvals', element: <ApprovalListScreen /> },
              { path: '/user/company/approvals/:id', element: <ApprovalDetailScreen /> },
            ],
          },
        ],
      },
      {
        // admin area: ADMIN and SUPERADMIN only
        path: '/admin',
        element: <RequireAdmin />,
        children: [
          { index: true, element: <Navigate to="/login" replace /> }, // /admin itself is not a route
          { path: 'product', element: <AdminProductListScreen /> },
          { path: 'product/update', element: <AdminProductUpdateScreen /> },
          { path: 'product/update/:sku', element: <AdminProductUpdateScreen /> },
          { path: 'user', element: <UserListScreen /> },
          { path: 'user/add', element: <UserCreateScreen /> },
          { path: 'user/update', element: <UserUpdateScreen /> },
          { path: 'user/update/:id', element: <UserUpdateScreen /> },
          { path: 'email', element: <NotificationListScreen /> },
          { path: 'email-add', element: <NotificationCreateScreen /> },
          { path: 'email-update', element: <NotificationUpdateScreen /> },
          { path: 'email-update/:id', element: <NotificationUpdateScreen /> },
          { path: 'banner', element: <AdminBannerListScreen /> },
          { path: 'banner-add', element: <AdminBannerFormScreen mode="create" /> },
          { path: 'banner-update', element: <AdminBannerFormScreen mode="update" /> },
          { path: 'banner-update/:id', element: <AdminBannerFormScreen mode="update" /> },
          { path: 'orders', element: <AdminOrderListScreen /> },
          { path: 'orders/:id', element: <AdminOrderDetailScreen /> },
          { path: 'jobs', element: <AdminJobListScreen /> },
          { path: 'jobs/:id', element: <AdminJobDetailScreen /> },
          { path: 'audit', element: <AdminAuditScreen /> },
          { path: 'linesheet', element: <LinesheetSendScreen who="admin" /> },
        ],
      },
      // any other path
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

/**
 * The app's router: its history (the browser's, or one in memory for tests), where the app is, and a way to go elsewhere
 * from outside React (sagas through app/navigation, tests). Declarative routing (a history router and useRoutes) rather
 * than a data router: no route here has a loader or an action (screens are React.lazy, data comes through sagas), and
 * the data router's code was about 16 kB gzip of /login's first download (docs/performance.md). Like the data router's
 * state, `state` follows the history at once, before React shows the new page.
 */
export interface AppRouter {
  readonly history: HistoryRouterProps['history'];
  readonly state: { readonly location: Location; readonly historyAction: NavigationType };
  /** Goes to `to`, a path with its query if any, pushing an entry (or replacing the current one). */
  navigate(to: string, options?: NavigateOptions): void;
}

function AppRoutes() {
  return useRoutes(appRoutes);
}

/** The router of `router` around the app's routes (App renders it inside the providers). */
export function AppRouterView({ router }: { router: AppRouter }) {
  return (
    <HistoryRouter history={router.history}>
      <AppRoutes />
    </HistoryRouter>
  );
}

/** The browser router of the app, or a memory router at `initialEntries` (tests); sagas navigate through it. */
export function createAppRouter(options: { initialEntries?: InitialEntry[] } = {}): AppRouter {
  // v5Compat: the history tells its listener (the router) of its own push and replace too, as BrowserRouter's does
  const history = options.initialEntries
    ? createMemoryHistory({ initialEntries: options.initialEntries, v5Compat: true })
    : createBrowserHistory({ v5Compat: true });
  const router: AppRouter = {
    history,
    get state() {
      return { location: history.location, historyAction: history.action };
    },
    navigate(to, navOptions) {
      // as a link to where the app already is: that entry is replaced, not pushed again
      const here = history.location;
      const same = to === here.pathname + here.search + here.hash;
      if (navOptions?.replace ?? same) history.replace(to, navOptions?.state);
      else history.push(to, navOptions?.state);
    },
  };
  setNavigator((to, navOptions) => router.navigate(to, navOptions));
  return router;
}
