import { expectSaga, testSaga } from 'redux-saga-test-plan';
import { HttpError } from '@client/api/http';
import { confirmAccepted, confirmDeclined, confirmRequested, userDecision } from '@client/app/confirmSlice';
import { notify } from '@client/app/notify';
import { callWithTimeout } from '@client/app/sagaUtils';
import { fetchStockAlerts, removeStockAlert, subscribeStockAlert } from '@client/features/stockAlerts/api';
import { handleNeeded, handleRemove, handleSubscribe } from '@client/features/stockAlerts/stockAlertsSagas';
import {
  initialStockAlertsState,
  removeDone,
  removeEnded,
  removeRequested,
  selectStockAlerts,
  stockAlertsLoaded,
  stockAlertsLoadFailed,
  stockAlertsNeeded,
  stockAlertsReducer,
  subscribeDone,
  subscribeFailed,
  subscribeRequested,
} from '@client/features/stockAlerts/stockAlertsSlice';
import type { StockAlert } from '@shared/api/stockAlerts';
import { STOCK_ALERT_MSG } from '@shared/schemas/stockAlerts';

// 'Avísame cuando llegue' (docs/stock-alerts.md): the list, a subscription and a confirmed removal, step by step.

const alert: StockAlert = {
  id: 7, sku: 'POL-1001-XL', style: 'POL-1001', name: 'Polera Básica Algodón Blanco', colour: 'Blanco', size: 'XL', price: 5990,
  state: 'WAITING', createdAt: '2026-11-29T12:00:00.000Z', expiresAt: '2027-02-27T12:00:00.000Z', notifiedAt: null,
};
const loaded = { ...initialStockAlertsState.list, status: 'loaded' as const, data: [alert] };

describe('the list', () => {
  it('GET once, and again when forced', () => {
    testSaga(handleNeeded, stockAlertsNeeded({ force: true }))
      .next()
      .select(selectStockAlerts)
      .next(loaded)
      .call(callWithTimeout, fetchStockAlerts)
      .next({ alerts: [alert] })
      .put(stockAlertsLoaded([alert]))
      .next()
      .isDone();
    // loaded before and not forced: no request, what is there stays
    testSaga(handleNeeded, stockAlertsNeeded())
      .next()
      .select(selectStockAlerts)
      .next(loaded)
      .put(stockAlertsLoaded([alert]))
      .next()
      .isDone();
  });

  it('a failure keeps its message and status for Reintentar', () => {
    testSaga(handleNeeded, stockAlertsNeeded())
      .next()
      .select(selectStockAlerts)
      .next(initialStockAlertsState.list)
      .call(callWithTimeout, fetchStockAlerts)
      .throw(new HttpError(503, 'El ERP no responde'))
      .put(stockAlertsLoadFailed({ message: 'El ERP no responde', status: 503 }))
      .next()
      .isDone();
  });
});

describe('subscribing', () => {
  it('the size shows Te avisaremos and a toast says so', () => {
    const message = 'Te avisaremos por correo cuando la talla XL vuelva a tener stock';
    testSaga(handleSubscribe, subscribeRequested('POL-1001-XL'))
      .next()
      .call(callWithTimeout, subscribeStockAlert, 'POL-1001-XL')
      .next({ alert, message })
      .put(subscribeDone(alert))
      .next()
      .call(notify, message, 'success')
      .next()
      .isDone();
    let state = stockAlertsReducer(initialStockAlertsState, subscribeRequested('POL-1001-XL'));
    expect(state.subscribing).toEqual(['POL-1001-XL']);
    state = stockAlertsReducer(state, subscribeDone(alert));
    expect(state.subscribing).toEqual([]);
    expect(state.list.data).toEqual([alert]);
  });

  it('a size with stock again: refused with the server\'s words', () => {
    testSaga(handleSubscribe, subscribeRequested('POL-1001-M'))
      .next()
      .call(callWithTimeout, subscribeStockAlert, 'POL-1001-M')
      .throw(new HttpError(400, STOCK_ALERT_MSG.hasStock))
      .put(subscribeFailed('POL-1001-M'))
      .next()
      .call(notify, STOCK_ALERT_MSG.hasStock, 'error')
      .next()
      .isDone();
  });
});

describe('Quitar', () => {
  const prompt = confirmRequested({
    title: '¿Quitar el aviso de Polera Básica Algodón Blanco talla XL?',
    text: STOCK_ALERT_MSG.removeText,
    positive: 'Quitar',
    negative: 'Cancelar',
  });

  it('confirmed: DELETE, the list drops it', () => {
    testSaga(handleRemove, removeRequested(alert))
      .next()
      .put(prompt)
      .next()
      .is(userDecision())
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, removeStockAlert, 7)
      .next({ message: STOCK_ALERT_MSG.removed })
      .put(removeDone(7))
      .next()
      .call(notify, STOCK_ALERT_MSG.removed, 'success')
      .next()
      .isDone();
  });

  it('declined: nothing is sent', () => {
    testSaga(handleRemove, removeRequested(alert)).next().put(prompt).next().is(userDecision()).next([undefined, confirmDeclined()]).put(removeEnded()).next().isDone();
  });

  it('end to end with the reducer: the alert leaves the list once removed', () => {
    return expectSaga(handleRemove, removeRequested(alert))
      .withReducer(stockAlertsReducer, { ...initialStockAlertsState, list: loaded, removing: 7 })
      .provide({ call: (effect, next) => (effect.fn === callWithTimeout ? { message: STOCK_ALERT_MSG.removed } : effect.fn === notify ? undefined : next()) })
      .dispatch(confirmAccepted())
      .hasFinalState({ ...initialStockAlertsState, list: { ...loaded, data: [] }, removing: null })
      .run();
  });
});
