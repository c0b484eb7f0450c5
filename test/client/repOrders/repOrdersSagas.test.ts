import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { HttpError } from '@client/api/http';
import { refreshWhile, type RefreshWhile } from '@client/app/refreshWhile';
import { callWithTimeout } from '@client/app/sagaUtils';
import { fetchRepOrder, fetchRepOrders } from '@client/features/repOrders/api';
import { handleRepOrderOpened, loadRepOrders } from '@client/features/repOrders/repOrdersSagas';
import { selectRepOrdersQuery } from '@client/features/repOrders/repOrdersSelectors';
import {
  initialRepOrdersState,
  repOrderClosed,
  repOrderLoaded,
  repOrderLoadFailed,
  repOrderOpened,
  repOrderRefreshed,
  repOrdersList,
  repOrdersReducer,
} from '@client/features/repOrders/repOrdersSlice';
import { loggedOut } from '@client/app/events';
import type { RepOrderDetail } from '@shared/api/repOrders';

// 'Mis pedidos del vendedor': the list page by page through the list pattern, and one order read (and read again while
// it waits for the ERP) through the rep's own route.

const { loadStarted, loaded, loadFailed } = repOrdersList.actions;
const query = selectRepOrdersQuery({ repOrders: initialRepOrdersState });
const page = { rows: [], total: 0, page: 0, pageSize: 20 };

describe('Mis pedidos del vendedor: the sagas', () => {
  it("loads the page its state asks for from the rep's route, newest first", () => {
    expect(query).toMatchObject({ page: 0, pageSize: 20, sort: 'createdAt', dir: 'desc' });
    testSaga(loadRepOrders).next().select(selectRepOrdersQuery).next(query).put(loadStarted()).next().call(callWithTimeout, fetchRepOrders, query).next(page).put(loaded(page)).next().isDone();
  });

  it('a failed page keeps its message for the retry', () => {
    return expectSaga(loadRepOrders)
      .withState({ repOrders: initialRepOrdersState })
      .provide([[matchers.call.fn(callWithTimeout), throwError(new HttpError(503, 'El servicio no responde'))]])
      .put(loadFailed({ message: 'El servicio no responde', status: 503 }))
      .run();
  });

  it('an order waiting for the ERP is shown, then read again until the screen is left', () => {
    const pending = { number: 'OC000042', erpStatus: 'PENDING' } as RepOrderDetail;
    let how: RefreshWhile<RepOrderDetail> | undefined;
    testSaga(handleRepOrderOpened, repOrderOpened('OC000042'))
      .next()
      .call(callWithTimeout, fetchRepOrder, 'OC000042')
      .next(pending)
      .put(repOrderLoaded({ ref: 'OC000042', order: pending }))
      .next()
      .inspect((e: unknown) => {
        const { fn, args } = (e as { payload: { fn: unknown; args: [RepOrderDetail, RefreshWhile<RepOrderDetail>] } }).payload;
        expect(fn).toBe(refreshWhile);
        how = args[1];
      })
      .next()
      .isDone();
    expect(how!.read).toBe(fetchRepOrder);
    expect(how!.settling(pending)).toBe(true);
    expect(how!.settling({ ...pending, erpStatus: 'SENT' })).toBe(false);
    expect(how!.refreshed(pending)).toEqual(repOrderRefreshed({ ref: 'OC000042', order: pending }));
    expect(how!.closed(repOrderClosed('OC000042'))).toBe(true);
    expect(how!.closed(repOrderClosed('OC000043'))).toBe(false);
    expect(how!.closed(loggedOut())).toBe(true);
  });

  it('an order outside the rep’s orders is a 404 shown as such', () => {
    testSaga(handleRepOrderOpened, repOrderOpened('OC000099'))
      .next()
      .call(callWithTimeout, fetchRepOrder, 'OC000099')
      .throw(new HttpError(404, 'Pedido no encontrado'))
      .put(repOrderLoadFailed({ ref: 'OC000099', message: 'Pedido no encontrado', status: 404 }))
      .next()
      .isDone();
  });

  it('a logout forgets what the rep saw', () => {
    const seen = repOrdersReducer(repOrdersReducer(undefined, repOrderOpened('OC000042')), repOrderLoaded({ ref: 'OC000042', order: { number: 'OC000042' } as RepOrderDetail }));
    expect(seen.detail.status).toBe('loaded');
    expect(repOrdersReducer(seen, loggedOut())).toEqual(initialRepOrdersState);
  });
});
