import { keptReducer, loadPersistedState, persistToStorage } from '@client/app/persistence';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import userEvent from '@testing-library/user-event';
import { ToastHost } from '@client/app/ToastHost';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import createSagaMiddleware from 'redux-saga';
import type { TestApi, TestApiWithEffectsTesters } from 'redux-saga-test-plan';
import { configureHttp } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { confirmReducer } from '@client/app/confirmSlice';
import { cartEmptied } from '@client/app/events';
import { messageReducer } from '@client/app/messageSlice';
import { callWithTimeout } from '@client/app/sagaUtils';
import { theme } from '@client/app/theme';
import { createOrder } from '@client/features/checkout/api';
import { checkoutSaga } from '@client/features/checkout/checkoutSagas';
import { selectOrderAttempt, selectUnfinishedOrder } from '@client/features/checkout/checkoutSelectors';
import {
  cartFingerprint,
  checkoutReducer,
  initialCheckoutState,
  orderAttemptStarted,
  orderCreated,
  orderInProgress,
} from '@client/features/checkout/checkoutSlice';
import SummaryOrderScreen from '@client/features/checkout/SummaryOrderScreen';
import { sessionReducer } from '@client/features/session/sessionSlice';
import { publicOriginReducer } from '@client/app/publicOriginSlice';
import type { CartResponse } from '@shared/api/cart';
import type { CustomerProfile, Transport } from '@shared/api/erp';
import type { CreateOrderRequest, NotificationRecipient, Order, OrderSubmissionResponse } from '@shared/api/orders';
import type { OrderTotals } from '@shared/pricing';
import { buyerProfile, sessionOf } from '../renderWithProviders';

// The order summary with the reducers and saga it needs: independent of where app/ wires them.

export const checkoutReducers = combineReducers({
  session: sessionReducer,
  kept: keptReducer,
  checkout: checkoutReducer,
  message: messageReducer,
  confirm: confirmReducer,
  publicOrigin: publicOriginReducer,
});

/** The public address the tests' pages are on (jsdom's origin): card and transfer payments may start. */
export const PUBLIC_URL = 'http://localhost';
export type CheckoutTestState = ReturnType<typeof checkoutReducers>;

/** Pays by cheque, has credit, one default billing address and one dispatch address. */
export const pacifico: CustomerProfile = {
  ...buyerProfile,
  idcliente: 'C76234567',
  rut: '76234567-6',
  nombre: 'Textiles Pacífico Ltda.',
  condpago: 'Cheque',
  credAprob: 5000000,
  limitecred: 1250000,
  factura: [
    { idfactura: 'SUCURSAL VIÑA', direccion: '1 Norte 875', comuna: 'Viña del Mar', idregion: 'V', region: 'Valparaíso', idpais: 'CL', pais: 'Chile', predeterminado: 'N' },
    { idfactura: 'CASA MATRIZ', direccion: 'Av. Brasil 2350', comuna: 'Valparaíso', idregion: 'V', region: 'Valparaíso', idpais: 'CL', pais: 'Chile', predeterminado: 'Y' },
  ],
  despacho: [
    { iddespacho: 'BODEGA PLACILLA', direccion: 'Camino La Pólvora 400', comuna: 'Valparaíso', idregion: 'V', region: 'Valparaíso', idpais: 'CL', pais: 'Chile' },
    { iddespacho: 'LOCAL CENTRO', direccion: 'Condell 1290', comuna: 'Valparaíso', idregion: 'V', region: 'Valparaíso', idpais: 'CL', pais: 'Chile' },
  ],
};

/** Pays cash ('Contado'), no credit. */
export const losAndes: CustomerProfile = { ...pacifico, condpago: 'Contado', credAprob: 0, limitecred: 0 };

export const transports: Transport[] = [
  { idTransporte: '0001', transporte: 'Retiro por cliente' },
  { idTransporte: '0002', transporte: 'Starken' },
  { idTransporte: '0003', transporte: 'Chilexpress' },
];

/** 2 lines, 30 units: 450.000 list, 45.000 offers, 4 % loyalty 16.200, subtotal 388.800, IVA 73.872, total 462.672. */
export const totals: OrderTotals = {
  lines: 2,
  units: 30,
  net: 450000,
  offerDiscount: 45000,
  loyaltyDiscount: 16200,
  loyaltyPct: 4,
  subtotal: 388800,
  vat: 73872,
  total: 462672,
};
export const cart: CartResponse = { items: [], totals };
/** The summary loaded from `cart`. */
export const loadedSummary = { status: 'loaded' as const, totals, error: null, cart: cartFingerprint(cart), incoming: [] };

const choices = { tipoEntrega: 'entrega', deliveryAddress: 'BODEGA PLACILLA', deliveryTransport: '0002', invoiceAddress: 'CASA MATRIZ' } as const;
export const reserveRequest: CreateOrderRequest = { orderType: 'RESERVE', ...choices };
export const creditRequest: CreateOrderRequest = { orderType: 'ONLINE', ...choices, paymentMethod: 'CREDIT' };
export const chequeRequest: CreateOrderRequest = { orderType: 'ONLINE', ...choices, paymentMethod: 'CHEQUE' };
export const webpayRequest: CreateOrderRequest = { orderType: 'ONLINE', ...choices, paymentMethod: 'WEBPAY' };
export const khipuRequest: CreateOrderRequest = { orderType: 'ONLINE', ...choices, paymentMethod: 'KHIPU' };

export function orderOf(request: CreateOrderRequest, id: number): Order {
  const prefix = request.orderType === 'RESERVE' ? 'RE' : 'OC';
  return {
    id,
    purchaseOrderNumber: `${prefix}${String(id).padStart(6, '0')}`,
    orderType: request.orderType,
    orderState: 'PROCESS',
    paymentMethod: request.paymentMethod ?? null,
    tipoEntrega: request.tipoEntrega,
    deliveryAddress: request.deliveryAddress,
    deliveryTransport: request.deliveryTransport,
    invoiceAddress: request.invoiceAddress,
    orderProducts: [],
    totals,
    numOc: '',
    erp: 'NONE',
    erpDocNum: null,
    userId: 12,
    dateCreated: '2025-03-14T15:09:26.000Z',
  };
}

export const reserveOrder = orderOf(reserveRequest, 7); // RE000007
export const creditOrder = orderOf(creditRequest, 42); // OC000042
export const chequeOrder = orderOf(chequeRequest, 43); // OC000043

/** The ERP took it (200). */
export const accepted = (order: Order, docNum = 5012): OrderSubmissionResponse => ({ order: { ...order, erp: 'SENT', erpDocNum: docNum }, pending: false, message: '' });
/** Received, waits for the ERP (202). */
export const pendingErp = (order: Order): OrderSubmissionResponse => ({
  order: { ...order, erp: 'PENDING' },
  pending: true,
  message: `Pedido ${order.purchaseOrderNumber} recibido: quedó pendiente de envío al ERP y se enviará apenas esté disponible`,
});
export const confirmed = (answer: OrderSubmissionResponse): OrderSubmissionResponse => ({
  ...answer,
  order: { ...answer.order, orderState: 'CONFIRMED', numOc: answer.order.purchaseOrderNumber },
});

/** The Idempotency-Key newIdempotencyKey gives in the tests (a provided call). */
export const KEY = '3f2b8c1e-7d4a-4e59-9b60-a1c2d3e4f5a6';
export const OTHER_KEY = '9c8d7e6f-5a4b-4c3d-8e2f-1a0b9c8d7e6f';

/**
 * A flow's steps up to the creation of the order with a new key (no unfinished order of these choices, no attempt
 * kept): the key made once, kept, sent.
 */
export const createsWithNewKey = (steps: TestApiWithEffectsTesters, request: CreateOrderRequest, key = KEY) =>
  steps
    .select(selectUnfinishedOrder)
    .next(null)
    .select(selectOrderAttempt)
    .next(null)
    .call(newIdempotencyKey)
    .next(key)
    .put(orderAttemptStarted({ key, request }))
    .next()
    .call(callWithTimeout, createOrder, request, key);

/** The request an order of these fixtures was made with. */
export const requestOf = (order: Order): CreateOrderRequest => ({
  orderType: order.orderType,
  tipoEntrega: order.tipoEntrega,
  deliveryAddress: order.deliveryAddress,
  deliveryTransport: order.deliveryTransport,
  invoiceAddress: order.invoiceAddress,
  ...(order.paymentMethod ? { paymentMethod: order.paymentMethod } : {}),
});

/**
 * The creation answered with `order`: the key is done, a reserve, credit-line or cheque order is kept until placed
 * ('Reintentar' finishes it; not one that waits for the company's approval), and the badge shows 0 at once (the server
 * took the cart).
 */
export const created = (steps: TestApi, order: Order) => {
  const next = steps.next(order).put(orderCreated(order)).next();
  const finishedHere =
    (order.orderType === 'RESERVE' || order.paymentMethod === 'CREDIT' || order.paymentMethod === 'CHEQUE') && order.orderState !== 'AWAITING_COMPANY_APPROVAL';
  return (finishedHere ? next.put(orderInProgress({ order, request: requestOf(order) })).next() : next).put(cartEmptied()).next();
};

export const reserveRecipient: NotificationRecipient = { id: 1, name: 'Carolina', lastName: 'Muñoz', email: 'reservas@textilandino.cl', section: 'RESERVE' };
export const chequeRecipient: NotificationRecipient = { id: 2, name: 'Jorge', lastName: 'Rojas', email: 'cobranza@textilandino.cl', section: 'CHEQUE' };

export const NO_RECIPIENT = 'No existe correo para notificar a Textil Andino';

/**
 * A picked file. Node's File: the test environment's FormData is Node's and takes only Node's Blobs (jsdom's File is
 * not one); in a browser both are the same.
 */
export const imageFile = (name: string, size: number, type = 'image/jpeg') => new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;
export const chequePhoto = () => imageFile('cheque-4711.jpg', 1024);

/** The whole test state of a logged-in buyer (user 12), with the summary's totals loaded unless told otherwise. */
export function buyerState(profile: CustomerProfile | null = pacifico, withTotals = true): CheckoutTestState {
  return {
    ...checkoutReducers(undefined, { type: '@@init' }),
    session: sessionOf('USER', profile),
    checkout: withTotals ? { ...initialCheckoutState, summary: loadedSummary } : initialCheckoutState,
    publicOrigin: { publicUrl: PUBLIC_URL, notice: null },
  };
}

export function makeCheckoutStore(preloadedState?: Partial<CheckoutTestState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: checkoutReducers,
    // as the app's store: what a reload keeps comes from session storage, and goes back to it (app/persistence)
    preloadedState: { kept: loadPersistedState().kept, ...preloadedState },
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  persistToStorage(store);
  sagaMiddleware.run(checkoutSaga);
  configureHttp({ getToken: () => store.getState().session.token, onSessionExpired: () => undefined });
  return store;
}

/** SummaryOrderScreen for a logged-in buyer with `profile` (the route wrapper passes the session's). */
export function renderSummary(profile: CustomerProfile | null = pacifico, options: { applyAccept?: boolean } = {}) {
  const store = makeCheckoutStore({ session: sessionOf('USER', profile) });
  const user = userEvent.setup({ applyAccept: options.applyAccept ?? true });
  const utils = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <MemoryRouter initialEntries={['/user/sumary-order']}>
          <SummaryOrderScreen profile={profile} />
        </MemoryRouter>
        <ToastHost />
      </ThemeProvider>
    </Provider>,
  );
  return { ...utils, store, user };
}

type FetchArgs = [string, RequestInit?];
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers the checkout API for user 12; `overrides` by 'METHOD path'. */
export function mockApi(overrides: Record<string, (init?: RequestInit) => Response | Promise<Response>> = {}) {
  const fetchMock = jest.fn<Promise<Response>, FetchArgs>(async (url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (overrides[key]) return overrides[key](init);
    if (key === 'GET /api/user/cart/find-by-userid/12') return json(200, cart);
    if (key === 'GET /api/user/b1/tipo-transport') return json(200, transports);
    if (key === 'GET /api/user/cart/count-cart/12') return json(200, 2); // the app's badge
    if (key === 'GET /api/public-config') return json(200, { publicUrl: PUBLIC_URL });
    return json(404, { status: 404, message: 'Recurso no encontrado' });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export const callsTo = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]: FetchArgs) => url === path && (init?.method ?? 'GET') === method);
