import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { delay, race, take } from 'redux-saga/effects';
import { retryJob } from '@client/api/adminJobs';
import { HttpError } from '@client/api/http';
import { confirmAccepted, confirmDeclined, confirmRequested } from '@client/app/confirmSlice';
import { objectUrlOf, revokeObjectUrl, saveFile } from '@client/app/download';
import { jobsRetried, loggedOut, sessionExpired } from '@client/app/events';
import { notify } from '@client/app/notify';
import { SEARCH_DEBOUNCE_MS } from '@client/app/pagedList';
import { refreshWhile, type RefreshWhile } from '@client/app/refreshWhile';
import { callWithTimeout } from '@client/app/sagaUtils';
import {
  handleChequePhotoRequested,
  handleOrderJobRetryRequested,
  handleOrdersExportRequested,
  handleOrderDetailOpened,
  handleOrdersListChanged,
  loadOrderDetail,
  loadOrders,
} from '@client/features/adminOrders/adminOrdersSagas';
import { selectOrderDetail, selectOrdersQuery } from '@client/features/adminOrders/adminOrdersSelectors';
import {
  adminOrdersReducer,
  chequePhotoFailed,
  chequePhotoLoaded,
  initialAdminOrdersState,
  orderDetailClosed,
  orderDetailLoaded,
  orderDetailLoadFailed,
  orderDetailOpened,
  orderDetailRefreshed,
  orderJobRetried,
  orderJobRetryDeclined,
  orderJobRetryRequested,
  ordersList,
} from '@client/features/adminOrders/adminOrdersSlice';
import { ADMIN_ORDERS_TEXT as T } from '@client/features/adminOrders/adminOrdersTexts';
import { downloadChequePhoto, downloadOrdersCsv, fetchOrder, fetchOrders } from '@client/features/adminOrders/api';
import type { AdminOrderDetail } from '@shared/api/adminOrders';

const { exported: ordersExported, exportFailed: ordersExportFailed, changed: ordersListChanged, loaded: ordersLoaded, loadFailed: ordersLoadFailed, loadStarted: ordersLoadStarted } = ordersList.actions;

const query = selectOrdersQuery({ adminOrders: initialAdminOrdersState });
const emptyPage = { rows: [], total: 0, page: 0, pageSize: 25 };
const decision = race([take(confirmAccepted.type), take(confirmDeclined.type)]);
// only what the sagas read of an order's detail
const order = { number: 'OC000042', chequePhotoUrl: '/api/admin/orders/OC000042/cheque-photo' } as AdminOrderDetail;
const withDetail = { ref: 'OC000042', status: 'loaded' as const, data: order, error: null };

describe('Pedidos: the list', () => {
  it('loads the page its state asks for, with a time limit; a failure keeps its message', () => {
    testSaga(loadOrders).next().select(selectOrdersQuery).next(query).put(ordersLoadStarted()).next().call(callWithTimeout, fetchOrders, query).next(emptyPage).put(ordersLoaded(emptyPage)).next().isDone();
    testSaga(loadOrders)
      .next()
      .select(selectOrdersQuery)
      .next(query)
      .put(ordersLoadStarted())
      .next()
      .call(callWithTimeout, fetchOrders, query)
      .throw(new HttpError(0, 'problema de conexión'))
      .put(ordersLoadFailed({ message: 'problema de conexión', status: 0 }))
      .next()
      .isDone();
  });

  it('a search waits for a pause; a filter or a sort loads at once', () => {
    testSaga(handleOrdersListChanged, ordersList.actions.filterTyped({ name: 'q', value: '76.123' })).next().is(delay(SEARCH_DEBOUNCE_MS)).next().call(loadOrders).next().isDone();
    testSaga(handleOrdersListChanged, ordersListChanged({ filters: { state: 'CANCELED' } })).next().call(loadOrders).next().isDone();
  });

  it("'Exportar CSV' saves what the filters select; a failure is told", () => {
    const file = { blob: new Blob(['\uFEFFnumero\r\n']), filename: 'pedidos.csv' };
    testSaga(handleOrdersExportRequested).next().select(selectOrdersQuery).next(query).call(callWithTimeout, downloadOrdersCsv, query).next(file).call(saveFile, file.blob, file.filename).next().put(ordersExported()).next().isDone();
    testSaga(handleOrdersExportRequested)
      .next()
      .select(selectOrdersQuery)
      .next(query)
      .call(callWithTimeout, downloadOrdersCsv, query)
      .throw(new HttpError(403, 'Acceso denegado'))
      .put(ordersExportFailed('Acceso denegado'))
      .next()
      .call(notify, 'Acceso denegado', 'error')
      .next()
      .isDone();
  });
});

describe('Pedidos: the detail', () => {
  it('an order sent to the ERP and not yet found is read again while the screen is open; one in SAP is not', () => {
    const pending = { ...order, erpStatus: 'PENDING' } as AdminOrderDetail;
    const sent = { ...order, erpStatus: 'SENT', erpDocNum: 5060 } as AdminOrderDetail;
    let how: RefreshWhile<AdminOrderDetail> | undefined;
    testSaga(handleOrderDetailOpened, orderDetailOpened('OC000042'))
      .next()
      .call(loadOrderDetail, 'OC000042')
      .next(pending)
      .inspect((e: unknown) => {
        const { fn, args } = (e as { payload: { fn: unknown; args: [AdminOrderDetail, RefreshWhile<AdminOrderDetail>] } }).payload;
        expect(fn).toBe(refreshWhile);
        expect(args[0]).toBe(pending);
        how = args[1];
      })
      .next()
      .isDone();
    expect(how!.read).toBe(fetchOrder);
    expect(how!.args).toEqual(['OC000042']);
    expect([pending, sent, { ...order, erpStatus: 'AWAITING_APPROVAL' }, { ...order, erpStatus: 'NONE' }].map((o) => how!.settling(o as AdminOrderDetail))).toEqual([true, false, false, false]);
    expect(how!.refreshed(sent)).toEqual(orderDetailRefreshed({ ref: 'OC000042', order: sent }));
    expect([orderDetailClosed(), loggedOut(), sessionExpired(), orderDetailOpened('OC000043')].map((a) => how!.closed(a))).toEqual([true, true, true, false]);
    // a failed load shows its error and reads nothing more
    testSaga(handleOrderDetailOpened, orderDetailOpened('OC999999')).next().call(loadOrderDetail, 'OC999999').next(null).isDone();
    // the refreshed reading replaces the loaded one, and only for its own order
    const loaded = adminOrdersReducer(adminOrdersReducer(undefined, orderDetailOpened('OC000042')), orderDetailLoaded({ ref: 'OC000042', order: pending }));
    expect(adminOrdersReducer(loaded, orderDetailRefreshed({ ref: 'OC000042', order: sent })).detail).toMatchObject({ status: 'loaded', data: { erpStatus: 'SENT' } });
    expect(adminOrdersReducer(loaded, orderDetailRefreshed({ ref: 'OC000077', order: sent })).detail.data).toMatchObject({ erpStatus: 'PENDING' });
  });

  it('loads the order by its number; not found keeps the message for that number', () => {
    testSaga(loadOrderDetail, 'OC000042').next().call(callWithTimeout, fetchOrder, 'OC000042').next(order).put(orderDetailLoaded({ ref: 'OC000042', order })).next().isDone();
    testSaga(loadOrderDetail, 'OC999999')
      .next()
      .call(callWithTimeout, fetchOrder, 'OC999999')
      .throw(new HttpError(404, 'Pedido no encontrado'))
      .put(orderDetailLoadFailed({ ref: 'OC999999', message: 'Pedido no encontrado', status: 404 }))
      .next()
      .isDone();
  });

  it('the cheque photo: the authorised download shown from an object URL, given back when the detail closes', () => {
    const file = { blob: new Blob(['png'], { type: 'image/png' }), filename: 'Cheque_OC000042.png' };
    testSaga(handleChequePhotoRequested)
      .next()
      .select(selectOrderDetail)
      .next(withDetail)
      .call(callWithTimeout, downloadChequePhoto, order.chequePhotoUrl)
      .next(file)
      .call(objectUrlOf, file.blob)
      .next('blob:cheque')
      .put(chequePhotoLoaded({ url: 'blob:cheque', filename: file.filename, type: 'image/png' }))
      .next()
      .take([orderDetailOpened.type, orderDetailClosed.type, loggedOut.type, sessionExpired.type])
      .next(orderDetailClosed())
      .call(revokeObjectUrl, 'blob:cheque')
      .next()
      .isDone();
  });

  it('the cheque photo refused: its message, no object URL', () =>
    expectSaga(handleChequePhotoRequested)
      .withState({ adminOrders: { ...initialAdminOrdersState, detail: withDetail } })
      .provide([[matchers.call.fn(downloadChequePhoto), throwError(new HttpError(404, 'El pedido no tiene foto del cheque'))]])
      .put(chequePhotoFailed('El pedido no tiene foto del cheque'))
      .not.call.fn(objectUrlOf)
      .not.call.fn(revokeObjectUrl)
      .run());

  it('the object URL is given back at logout too', () =>
    expectSaga(handleChequePhotoRequested)
      .withState({ adminOrders: { ...initialAdminOrdersState, detail: withDetail } })
      .provide([
        [matchers.call.fn(downloadChequePhoto), { blob: new Blob(['png'], { type: 'image/png' }), filename: 'c.png' }],
        [matchers.call.fn(objectUrlOf), 'blob:cheque'],
        [matchers.call.fn(revokeObjectUrl), undefined],
      ])
      .dispatch(loggedOut())
      .call(revokeObjectUrl, 'blob:cheque')
      .run());

  it("an order's failed job retried after the confirmation: the order read again, the badge told", () =>
    expectSaga(handleOrderJobRetryRequested, orderJobRetryRequested(41))
      .withState({ adminOrders: { ...initialAdminOrdersState, detail: withDetail } })
      .provide([
        [matchers.call.fn(retryJob), { job: {}, message: 'Trabajo 41 puesto de nuevo en la cola' }],
        [matchers.call.fn(notify), undefined],
        [matchers.call.fn(fetchOrder), order],
      ])
      .put(confirmRequested({ title: T.retryTitle.replace('{id}', '41'), text: T.retryText, positive: T.retryConfirm, negative: T.retryDecline, focus: 'negative' }))
      .dispatch(confirmAccepted())
      .put(orderJobRetried())
      .put(jobsRetried())
      .call(loadOrderDetail, 'OC000042')
      .run());

  it('declined: nothing is sent', () => {
    testSaga(handleOrderJobRetryRequested, orderJobRetryRequested(41))
      .next()
      .put(confirmRequested({ title: T.retryTitle.replace('{id}', '41'), text: T.retryText, positive: T.retryConfirm, negative: T.retryDecline, focus: 'negative' }))
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(orderJobRetryDeclined())
      .next()
      .isDone();
  });
});
