import { combineReducers, type Reducer } from '@reduxjs/toolkit';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { HttpError } from '@client/api/http';
import { loggedOut, paymentStarted } from '@client/app/events';
import { notify } from '@client/app/notify';
import type { Order } from '@shared/api/orders';
import { callWithTimeout, REQUEST_TIMEOUT_MS } from '@client/app/sagaUtils';
import { delay } from 'redux-saga/effects';
import { refreshWhile, type RefreshWhile } from '@client/app/refreshWhile';
import { handleMyOrderCheque, handleMyOrderOpened, handleMyOrderPay, handleMyOrdersOpened, watchWhileWaitingForErp } from '@client/features/userOrders/userOrdersSagas';
import { File as NodeFile } from 'node:buffer';
import { payCheque, submitSalesOrder } from '@client/api/orderPayments';
import { takeChequePhoto } from '@client/app/chequePhotos';
import { selectMyOrdersPage, waitsForErp } from '@client/features/userOrders/userOrdersSelectors';
import {
  initialUserOrdersState,
  myOrderClosed,
  myOrderLoaded,
  myOrderLoadFailed,
  myOrderChequeChosen,
  myOrderOpened,
  myOrderPayRequested,
  myOrderRefreshed,
  myOrdersList,
  userOrdersReducer,
  type UserOrdersState,
} from '@client/features/userOrders/userOrdersSlice';
import { fetchMyOrder, fetchMyOrders, fetchOrder } from '@client/features/userOrders/api';
import type { BuyerOrderDetail, BuyerOrderList, BuyerOrderRow } from '@shared/api/userOrders';

const { changed: myOrdersChanged, loaded: myOrdersLoaded, loadStarted: myOrdersLoadStarted } = myOrdersList.actions;
/** The function behind redux-saga's `delay`: a pause is a call of it. */
const delayP = delay(0).payload.fn;
const rootReducer = combineReducers({ userOrders: userOrdersReducer }) as Reducer<{ userOrders: UserOrdersState }>;

const row: BuyerOrderRow = {
  id: 42,
  number: 'OC000042',
  orderType: 'ONLINE',
  paymentMethod: 'CREDIT',
  total: 119_000,
  createdAt: '2026-11-27T10:00:00.000Z',
  status: 'invoiced',
  statusLabel: 'Facturado N° 7001',
  statusAt: '2026-11-27T10:05:00.000Z',
  erpDocNum: 5060,
  invoiceFolio: '7001',
  personName: 'Camila Rojas Pizarro',
  personRut: '18.901.234-9',
  repName: '',
};
const list: BuyerOrderList = { rows: [row], total: 11, page: 1, pageSize: 10, erpAvailable: true };
const detail = {
  ...row,
  steps: [
    { key: 'received', label: 'Recibido', done: true, at: row.createdAt },
    { key: 'inErp', label: 'En SAP N° 5060', done: true, at: '2026-11-27T10:00:05.000Z' },
    { key: 'invoiced', label: 'Facturado N° 7001', done: true, at: row.statusAt },
    { key: 'canceled', label: 'Anulado', done: false, at: null },
  ],
  lines: [],
  totals: { lines: 1, units: 1, net: 100_000, offerDiscount: 0, loyaltyDiscount: 0, loyaltyPct: 0, subtotal: 100_000, vat: 19_000, total: 119_000 },
  deliveryType: 'retiro',
  deliveryAddress: '',
  erpAvailable: true,
  buyerReference: '',
  requestedDeliveryDate: null,
  payable: false,
} as BuyerOrderDetail;

describe('Mis pedidos', () => {
  it('the page the state asks for, with a time limit', () => {
    testSaga(handleMyOrdersOpened)
      .next()
      .select(selectMyOrdersPage)
      .next({ page: 1, pageSize: 10 })
      .put(myOrdersLoadStarted())
      .next()
      .call(callWithTimeout, fetchMyOrders, { page: 1, pageSize: 10 })
      .next(list)
      .put(myOrdersLoaded(list))
      .next()
      .isDone();
  });

  it('a page turn asks for that page and keeps the rows, total and ERP availability the server answered', () =>
    expectSaga(handleMyOrdersOpened)
      .withReducer(rootReducer, { userOrders: userOrdersReducer(initialUserOrdersState, myOrdersChanged({ page: 1 })) })
      .provide([[matchers.call.fn(fetchMyOrders), { ...list, erpAvailable: false }]])
      .call(callWithTimeout, fetchMyOrders, { page: 1, pageSize: 20 })
      .run()
      .then(({ storeState }) => {
        expect(storeState.userOrders.list).toMatchObject({ rows: [row], total: 11, page: 1, status: 'loaded' });
        expect(storeState.userOrders.erpAvailable).toBe(false);
      }));

  it("an order's detail with its steps; another buyer's order or a wrong number: the server's message", () => {
    testSaga(handleMyOrderOpened, myOrderOpened('OC000042'))
      .next()
      .call(callWithTimeout, fetchMyOrder, 'OC000042')
      .next(detail)
      .put(myOrderLoaded({ ref: 'OC000042', order: detail }))
      .next()
      .call(watchWhileWaitingForErp, 'OC000042', detail)
      .next()
      .isDone();
    return expectSaga(handleMyOrderOpened, myOrderOpened('OC000099'))
      .withReducer(rootReducer, { userOrders: userOrdersReducer(initialUserOrdersState, myOrderOpened('OC000099')) })
      .provide([[matchers.call.fn(fetchMyOrder), throwError(new HttpError(404, 'Pedido no encontrado'))]])
      .put(myOrderLoadFailed({ ref: 'OC000099', message: 'Pedido no encontrado', status: 404 }))
      .run()
      .then(({ storeState }) => expect(storeState.userOrders.detail).toMatchObject({ ref: 'OC000099', status: 'failed', error: 'Pedido no encontrado' }));
  });

  describe('an open order that waits for the ERP is read again until it is in SAP', () => {
    const received = {
      ...detail,
      status: 'received',
      statusLabel: 'Recibido',
      erpDocNum: null,
      invoiceFolio: null,
      steps: [
        { key: 'received', label: 'Recibido', done: true, at: row.createdAt },
        { key: 'inErp', label: 'En SAP', done: false, at: null },
      ],
    } as BuyerOrderDetail;
    const inErp = { ...received, status: 'inErp', statusLabel: 'En SAP N° 5060', erpDocNum: 5060 } as BuyerOrderDetail;
    const paid = { ...received, status: 'paid', statusLabel: 'Pagado' } as BuyerOrderDetail;

    it('waits while Recibido or Pagado; stops for En SAP, Facturado, Anulado or Esperando aprobación; only its own screen left stops it', () => {
      expect([received, paid].map(waitsForErp)).toEqual([true, true]);
      expect([inErp, detail, { ...received, status: 'canceled' }, { ...received, status: 'awaitingApproval' }].map((o) => waitsForErp(o as BuyerOrderDetail))).toEqual([false, false, false, false]);
      let how: RefreshWhile<BuyerOrderDetail> | undefined;
      testSaga(watchWhileWaitingForErp, 'OC000042', received)
        .next()
        .inspect((e: unknown) => {
          const { fn, args } = (e as { payload: { fn: unknown; args: [BuyerOrderDetail, RefreshWhile<BuyerOrderDetail>] } }).payload;
          expect(fn).toBe(refreshWhile);
          expect(args[0]).toBe(received);
          how = args[1];
        })
        .next()
        .isDone();
      expect(how!.args).toEqual(['OC000042']);
      expect(how!.read).toBe(fetchMyOrder);
      expect(how!.closed(myOrderClosed('OC000042'))).toBe(true);
      expect(how!.closed(myOrderClosed('OC000077'))).toBe(false);
      expect(how!.closed(myOrderOpened('OC000042'))).toBe(false);
      expect(how!.refreshed(inErp)).toEqual(myOrderRefreshed({ ref: 'OC000042', order: inErp }));
    });

    it('through the store: the detail turns to En SAP N° 5060 without a loading state; the screen left stops it', async () => {
      let reads = 0;
      const { storeState, effects } = await expectSaga(handleMyOrderOpened, myOrderOpened('OC000042'))
        .withReducer(rootReducer, { userOrders: userOrdersReducer(initialUserOrdersState, myOrderOpened('OC000042')) })
        .provide({
          call(effect, next) {
            if (effect.fn === fetchMyOrder) return reads++ < 2 ? received : inErp;
            // the watch's pauses pass at once; the request's own time limit never fires
            if (effect.fn === delayP) return effect.args[0] === REQUEST_TIMEOUT_MS ? new Promise(() => undefined) : undefined;
            return next();
          },
        })
        .put(myOrderRefreshed({ ref: 'OC000042', order: received }))
        .put(myOrderRefreshed({ ref: 'OC000042', order: inErp }))
        .run();
      expect(storeState.userOrders.detail).toMatchObject({ ref: 'OC000042', status: 'loaded', data: { status: 'inErp', statusLabel: 'En SAP N° 5060' } });
      expect(effects.call.filter((e) => e.payload.fn === callWithTimeout)).toHaveLength(3);
      // a refresh of another order, or of one whose load failed, changes nothing
      expect(userOrdersReducer(storeState.userOrders, myOrderRefreshed({ ref: 'OC000077', order: received })).detail.data).toMatchObject({ status: 'inErp' });
    });
  });

  it('logout forgets the orders', () => {
    const loaded = userOrdersReducer(initialUserOrdersState, myOrdersLoaded(list));
    expect(userOrdersReducer(loaded, loggedOut())).toEqual(initialUserOrdersState);
  });
});

describe("'Pagar' of an unpaid card or transfer order (one the company approved)", () => {
  const order = { id: 44, purchaseOrderNumber: 'OC000044', orderType: 'ONLINE', orderState: 'PROCESS', paymentMethod: 'WEBPAY' } as Order;

  it('reads the order as the payments take it and starts its payment', () => {
    testSaga(handleMyOrderPay, myOrderPayRequested(44)).next().call(callWithTimeout, fetchOrder, 44).next(order).put(paymentStarted({ order, method: 'WEBPAY' })).next().isDone();
  });

  it('an order no longer unpaid (paid or canceled meanwhile) starts nothing', () => {
    testSaga(handleMyOrderPay, myOrderPayRequested(44)).next().call(callWithTimeout, fetchOrder, 44).next({ ...order, orderState: 'CONFIRMED' }).isDone();
  });

  it('a failure to read it is told', () => {
    testSaga(handleMyOrderPay, myOrderPayRequested(44)).next().call(callWithTimeout, fetchOrder, 44).throw(new HttpError(0, 'Sin conexión')).call(notify, 'Sin conexión', 'error').next().isDone();
  });
});

describe("'Pagar con cheque' of a cheque order without its photo (one the company approved)", () => {
  const photo = new NodeFile([new Uint8Array(1024)], 'cheque.jpg', { type: 'image/jpeg' }) as unknown as File;
  const chosen = myOrderChequeChosen({ ref: 'OC000045', number: 'OC000045', photoKey: 'cheque-9' });

  it('the photo, then the sales order, as the summary’s cheque flow; the order read again', () => {
    testSaga(handleMyOrderCheque, chosen)
      .next()
      .call(takeChequePhoto, 'cheque-9')
      .next(photo)
      .call(callWithTimeout, payCheque, 'OC000045', photo)
      .next({ message: 'Enviado correo a Textil Andino!!' })
      .call(callWithTimeout, submitSalesOrder, 'OC000045')
      .next({ order: { id: 45 }, pending: false, message: '' })
      .call(notify, 'Gracias por Comprar!!', 'success')
      .next()
      .put(myOrderOpened('OC000045'))
      .next()
      .isDone();
  });

  it('a photo of the wrong kind is refused before anything is sent', () => {
    const text = new NodeFile(['x'], 'cheque.txt', { type: 'text/plain' }) as unknown as File;
    testSaga(handleMyOrderCheque, chosen).next().call(takeChequePhoto, 'cheque-9').next(text).call(notify, 'El archivo cheque.txt debe ser una imagen jpg, jpeg o png', 'error').next().isDone();
  });

  it('a refusal is told, and the order read again', () => {
    testSaga(handleMyOrderCheque, chosen)
      .next()
      .call(takeChequePhoto, 'cheque-9')
      .next(photo)
      .call(callWithTimeout, payCheque, 'OC000045', photo)
      .throw(new HttpError(409, 'El pedido OC000045 ya fue procesado'))
      .call(notify, 'El pedido OC000045 ya fue procesado', 'error')
      .next()
      .put(myOrderOpened('OC000045'))
      .next()
      .isDone();
  });
});
