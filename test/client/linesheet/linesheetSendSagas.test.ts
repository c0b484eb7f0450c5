import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { LinesheetSent } from '@shared/api/linesheet';
import type { SavedListList } from '@shared/api/savedLists';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { notify } from '@client/app/notify';
import { callWithTimeout } from '@client/app/sagaUtils';
import { fetchLinesheetLists, linesheetQueryOf, sendLinesheetAsAdmin, sendLinesheetAsRep, type LinesheetSendBody } from '@client/features/linesheet/api';
import { handleListsRequested, handleSendRequested } from '@client/features/linesheet/linesheetSagas';
import {
  initialLinesheetState,
  linesheetListsFailed,
  linesheetListsLoaded,
  linesheetReducer,
  linesheetSendFailed,
  linesheetSendRequested,
  linesheetSendAttemptStarted,
  linesheetSent,
  type LinesheetState,
} from '@client/features/linesheet/linesheetSlice';

// A customer's line sheet sent by mail (an admin, a rep): one mail per Idempotency-Key, the key kept while the outcome
// is unknown and only for the same body; and the saved lists offered as a choice of the buyer's own sheet.

const BODY: LinesheetSendBody = { rut: '76.123.456-0', email: '', mensaje: '', format: 'xlsx', alcance: 'TODO', category: '', scategory: '', sscategory: '', q: '', markup: 2.2 };
const SENT: LinesheetSent = { message: 'Lista de precios enviada a compras@losandes.cl', to: 'compras@losandes.cl', company: 'Comercial Los Andes SpA', styles: 68, filename: 'lista-de-precios-76123456-0-2026-11-29.xlsx' };
const withState = (state: LinesheetState) => ({ linesheet: state });
const reducer = (state: { linesheet: LinesheetState } | undefined, action: Parameters<typeof linesheetReducer>[1]) => ({ linesheet: linesheetReducer(state?.linesheet, action) });

describe('sending a customer their line sheet', () => {
  it('an admin’s send carries a new key, and its answer is shown and toasted', async () => {
    const { storeState } = await expectSaga(handleSendRequested, linesheetSendRequested({ who: 'admin', body: BODY }))
      .withReducer(reducer, withState(initialLinesheetState))
      .provide([[matchers.call.fn(newIdempotencyKey), 'key-1'], [matchers.call.fn(callWithTimeout), SENT], [matchers.call.fn(notify), undefined]])
      .put(linesheetSendAttemptStarted({ key: 'key-1', request: BODY }))
      .call(callWithTimeout, sendLinesheetAsAdmin, BODY, 'key-1')
      .put(linesheetSent(SENT))
      .call(notify, SENT.message, 'success')
      .run();
    expect(storeState.linesheet.send).toEqual({ sending: false, attempt: null, result: SENT, error: null });
  });

  it('a rep’s send goes to the rep’s route', async () => {
    await expectSaga(handleSendRequested, linesheetSendRequested({ who: 'rep', body: BODY }))
      .withState(withState(initialLinesheetState))
      .provide([[matchers.call.fn(newIdempotencyKey), 'key-2'], [matchers.call.fn(callWithTimeout), SENT], [matchers.call.fn(notify), undefined]])
      .call(callWithTimeout, sendLinesheetAsRep, BODY, 'key-2')
      .run();
  });

  it('keeps the key of a send without an answer, and repeats it for the same body only', async () => {
    const lost = new HttpError(0, 'No hay conexión con el servidor');
    const first = await expectSaga(handleSendRequested, linesheetSendRequested({ who: 'admin', body: BODY }))
      .withReducer(reducer, withState(initialLinesheetState))
      .provide([[matchers.call.fn(newIdempotencyKey), 'key-3'], [matchers.call.fn(callWithTimeout), throwError(lost)], [matchers.call.fn(notify), undefined]])
      .put(linesheetSendFailed(lost.message))
      .run();
    expect(first.storeState.linesheet.send.attempt).toEqual({ key: 'key-3', request: BODY });

    // the same body again: the same key (the server answers the first send's result, one mail)
    await expectSaga(handleSendRequested, linesheetSendRequested({ who: 'admin', body: BODY }))
      .withState(first.storeState)
      .provide([[matchers.call.fn(callWithTimeout), SENT], [matchers.call.fn(notify), undefined]])
      .not.call.fn(newIdempotencyKey)
      .call(callWithTimeout, sendLinesheetAsAdmin, BODY, 'key-3')
      .run();

    // another body: another send, a new key
    const other = { ...BODY, format: 'pdf' as const };
    await expectSaga(handleSendRequested, linesheetSendRequested({ who: 'admin', body: other }))
      .withState(first.storeState)
      .provide([[matchers.call.fn(newIdempotencyKey), 'key-4'], [matchers.call.fn(callWithTimeout), SENT], [matchers.call.fn(notify), undefined]])
      .call(callWithTimeout, sendLinesheetAsAdmin, other, 'key-4')
      .run();
  });

  it('drops the key of a refused send (a definitive answer)', async () => {
    const refused = new HttpError(403, 'Ese cliente no está entre los que usted atiende');
    const { storeState } = await expectSaga(handleSendRequested, linesheetSendRequested({ who: 'rep', body: BODY }))
      .withReducer(reducer, withState(initialLinesheetState))
      .provide([[matchers.call.fn(newIdempotencyKey), 'key-5'], [matchers.call.fn(callWithTimeout), throwError(refused)], [matchers.call.fn(notify), undefined]])
      .call(notify, refused.message, 'error')
      .run();
    expect(storeState.linesheet.send).toMatchObject({ sending: false, attempt: null, error: refused.message });
  });
});

describe('a saved list as the sheet’s choice', () => {
  it('loads the lists the person may read', async () => {
    const lists: SavedListList = { lists: [{ id: 7, name: 'Invierno', shared: false, owner: 'Ana', mine: true, styles: 3, updatedAt: '2026-11-29T10:00:00Z' }] };
    const { storeState } = await expectSaga(handleListsRequested)
      .withReducer(reducer, withState(initialLinesheetState))
      .provide([[matchers.call(callWithTimeout, fetchLinesheetLists), lists]])
      .put(linesheetListsLoaded(lists))
      .run();
    expect(storeState.linesheet.lists).toMatchObject({ status: 'loaded', data: lists.lists });
  });

  it('says why the lists could not be read', async () => {
    await expectSaga(handleListsRequested)
      .provide([[matchers.call.fn(callWithTimeout), throwError(new HttpError(503, 'El servicio no responde'))]])
      .put(linesheetListsFailed('El servicio no responde'))
      .run();
  });

  it('asks for the list’s styles by its id', () => {
    expect(linesheetQueryOf('pdf', { alcance: 'LISTA', lista: 7, category: '', scategory: '', sscategory: '', q: '', markup: 2.2 })).toBe('format=pdf&alcance=LISTA&markup=2.2&lista=7');
  });
});
