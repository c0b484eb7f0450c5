import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { addCartLines } from '@client/api/cart';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { cartRefreshRequested, reorderRequested } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { callWithTimeout } from '@client/app/sagaUtils';
import { reorderErpOrder, reorderPortalOrder, uploadQuickOrderFile, validateQuickOrder } from '@client/features/quickOrder/api';
import {
  FILE_TOO_LARGE,
  handleAdd,
  handleFileChosen,
  handleReorder,
  handleRevalidate,
  handleTextSubmitted,
} from '@client/features/quickOrder/quickOrderSagas';
import {
  initialQuickOrderState,
  quickOrderAdded,
  quickOrderAddFailed,
  quickOrderFileChosen,
  quickOrderLineEdited,
  quickOrderLineRemoved,
  quickOrderLinesRead,
  quickOrderReducer,
  quickOrderTextSubmitted,
  quickOrderValidated,
  quickOrderValidationFailed,
  quickOrderValidationStarted,
  reorderFailed,
  reorderSucceeded,
  type QuickOrderState,
} from '@client/features/quickOrder/quickOrderSlice';
import { QUICK_ORDER_MSG } from '@shared/quickOrder';
import { bulkAnswer, reorderAnswer, validationFixed, validationWithErrors } from './fixtures';

const reducer = combineReducers({ quickOrder: quickOrderReducer });
/** The Idempotency-Key the tests' actions get. */
const KEY = 'key-1';
/** The bulk add of validated(): its ready and short lines, clamped to the stock. */
const ADD_REQUEST = {
  items: [
    { sku: 'POL-1001-M', quantity: 12 },
    { sku: 'POL-1001-L', quantity: 24 },
    { sku: 'JEA-2001-42', quantity: 6 },
  ],
  clampToStock: true,
};
const stateWith = (quickOrder: QuickOrderState) => ({ quickOrder });
const validated = (validation = validationWithErrors()) => quickOrderReducer(initialQuickOrderState, quickOrderValidated(validation));

describe('quick order: pasted text', () => {
  it('reads the text with the shared rules (separators, Chilean numbers, style;size;qty) and asks the server once', async () => {
    const answer = validationWithErrors();
    const text = '\uFEFFPOL-1001-M,12\nPOL-1001,L,"24"\nJEA-2001,42,"1.000"';
    const { storeState } = await expectSaga(handleTextSubmitted, quickOrderTextSubmitted(text))
      .withReducer(reducer)
      .provide([[matchers.call.fn(callWithTimeout), answer]])
      .put.like({ action: { type: quickOrderLinesRead.type } })
      .put(quickOrderValidationStarted())
      .call(callWithTimeout, validateQuickOrder, [
        { row: 1, sku: 'POL-1001-M', size: '', quantity: '12' },
        { row: 2, sku: 'POL-1001', size: 'L', quantity: '24' },
        { row: 3, sku: 'JEA-2001', size: '42', quantity: '1.000' },
      ])
      .put(quickOrderValidated(answer))
      .run();
    expect(storeState.quickOrder.status).toBe('idle');
    expect(storeState.quickOrder.validation).toEqual(answer);
    // the lines are what the server answered: rows 4 and 6 are one line now
    expect((storeState.quickOrder as QuickOrderState).lines.map((l) => l.key)).toEqual([1, 2, 3, 4]);
  });

  it('nothing written: the Spanish message, no request', async () => {
    const { storeState } = await expectSaga(handleTextSubmitted, quickOrderTextSubmitted('\n  \n'))
      .withReducer(reducer)
      .put(quickOrderValidationFailed(QUICK_ORDER_MSG.noLines))
      .not.call.fn(callWithTimeout)
      .run();
    expect(storeState.quickOrder.error).toBe(QUICK_ORDER_MSG.noLines);
  });

  it('more than 2 000 lines: refused before asking the server', async () => {
    const text = Array.from({ length: 2001 }, (_, i) => `SKU-${i};1`).join('\n');
    await expectSaga(handleTextSubmitted, quickOrderTextSubmitted(text))
      .withReducer(reducer)
      .put(quickOrderValidationFailed(QUICK_ORDER_MSG.tooManyLines))
      .not.call.fn(callWithTimeout)
      .run();
  });

  it("the server's error is shown in Spanish", async () => {
    const { storeState } = await expectSaga(handleTextSubmitted, quickOrderTextSubmitted('POL-1001-M;12'))
      .withReducer(reducer)
      .provide([[matchers.call.fn(callWithTimeout), throwError(new HttpError(503, 'El ERP no responde, intente más tarde'))]])
      .put(quickOrderValidationFailed('El ERP no responde, intente más tarde'))
      .run();
    expect(storeState.quickOrder.status).toBe('failed');
  });
});

describe('quick order: file', () => {
  it('a CSV or XLSX is sent to the server as it is and its answer kept', async () => {
    const file = new File(['sku;cantidad\nPOL-1001-M;12'], 'pedido.csv', { type: 'text/csv' });
    const answer = validationWithErrors();
    await expectSaga(handleFileChosen, quickOrderFileChosen(file))
      .withReducer(reducer)
      .provide([[matchers.call.fn(callWithTimeout), answer]])
      .put(quickOrderValidationStarted())
      .call(callWithTimeout, uploadQuickOrderFile, file)
      .put(quickOrderValidated(answer))
      .run();
  });

  it("the server's account of how it read the file is kept through fixes and 'Validar de nuevo', and dropped by pasted text", async () => {
    const file = new File(['x'], 'pedido.csv', { type: 'text/csv' });
    const reading = { file: 'pedido.csv', format: 'csv', sheet: null, columns: 'header', headerRow: 3, encoding: 'windows-1252', hiddenRows: 0 } as const;
    const answer = { ...validationWithErrors(), reading };
    const uploaded = await expectSaga(handleFileChosen, quickOrderFileChosen(file))
      .withReducer(reducer)
      .provide([[matchers.call.fn(callWithTimeout), answer]])
      .put(quickOrderValidated(answer))
      .run();
    expect(uploaded.storeState.quickOrder.reading).toEqual(reading);

    const edited = quickOrderReducer(uploaded.storeState.quickOrder, quickOrderLineEdited({ key: 2, field: 'quantity', value: '5' }));
    const again = await expectSaga(handleRevalidate)
      .withReducer(reducer, stateWith(edited))
      .provide([[matchers.call.fn(callWithTimeout), validationFixed()]])
      .put(quickOrderValidated(validationFixed()))
      .run();
    expect(again.storeState.quickOrder.reading).toEqual(reading);

    expect(quickOrderReducer(again.storeState.quickOrder, quickOrderTextSubmitted('POL-1001-M;1')).reading).toBeNull();
    expect(quickOrderReducer(again.storeState.quickOrder, quickOrderFileChosen(file)).reading).toBeNull();
  });

  it('over 2 MB: refused here, nothing uploaded', async () => {
    const file = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'grande.xlsx');
    await expectSaga(handleFileChosen, quickOrderFileChosen(file))
      .withReducer(reducer)
      .put(quickOrderValidationFailed(FILE_TOO_LARGE))
      .not.call.fn(callWithTimeout)
      .run();
  });

  it('a file the server refuses: its message', async () => {
    const file = new File(['%PDF'], 'pedido.pdf');
    await expectSaga(handleFileChosen, quickOrderFileChosen(file))
      .withReducer(reducer)
      .provide([[matchers.call.fn(callWithTimeout), throwError(new HttpError(400, 'El archivo debe ser CSV o XLSX'))]])
      .put(quickOrderValidationFailed('El archivo debe ser CSV o XLSX'))
      .run();
  });
});

describe('quick order: fix and re-validate', () => {
  it('an edited quantity and a dropped line are sent as the buyer left them', async () => {
    let state = validated();
    state = quickOrderReducer(state, quickOrderLineEdited({ key: 3, field: 'sku', value: 'POL-1001-S' }));
    state = quickOrderReducer(state, quickOrderLineEdited({ key: 2, field: 'quantity', value: '5' }));
    state = quickOrderReducer(state, quickOrderLineRemoved(4));
    expect(state.edited).toBe(true);
    const answer = validationFixed();
    const { storeState } = await expectSaga(handleRevalidate)
      .withReducer(reducer, stateWith(state))
      .provide([[matchers.call.fn(callWithTimeout), answer]])
      .call(callWithTimeout, validateQuickOrder, [
        { row: 1, sku: 'POL-1001-M', size: '', quantity: '12' },
        { row: 2, sku: 'POL-1001-L', size: '', quantity: '5' },
        { row: 3, sku: 'POL-1001-S', size: '', quantity: '3' },
      ])
      .put(quickOrderValidated(answer))
      .run();
    expect(storeState.quickOrder.edited).toBe(false);
  });
});

describe("quick order: 'Agregar al carro'", () => {
  it('the ready and short lines in one bulk request, clamped to the stock; the badge is read again', async () => {
    const answer = bulkAnswer(2, 1);
    const { storeState } = await expectSaga(handleAdd)
      .withReducer(reducer, stateWith(validated()))
      .provide([
        [matchers.call.fn(newIdempotencyKey), KEY],
        [matchers.call.fn(callWithTimeout), answer],
        [matchers.call.fn(notify), undefined],
      ])
      .call(callWithTimeout, addCartLines, ADD_REQUEST, KEY)
      .put(quickOrderAdded(answer))
      .put(cartRefreshRequested())
      .call(notify, answer.message, 'warning')
      .run();
    expect(storeState.quickOrder.lines).toEqual([]);
    expect(storeState.quickOrder.added).toEqual(answer);
    // settled: the next add is a new action
    expect(storeState.quickOrder.addAttempt).toBeNull();
  });

  it("no answer: the lines stay and 'Agregar al carro' again sends the SAME key; after the answer, a new add gets a new key", async () => {
    const sentKeys = (effects: { call?: { payload: { fn: unknown; args: unknown[] } }[] }) =>
      (effects.call ?? []).filter((e) => e.payload.fn === callWithTimeout && e.payload.args[0] === addCartLines).map((e) => e.payload.args[2]);
    let keys = 0;
    const fresh = () => `key-${(keys += 1)}`;
    // the first press: no answer (timeout)
    const first = await expectSaga(handleAdd)
      .withReducer(reducer, stateWith(validated()))
      .provide([
        [matchers.call.fn(newIdempotencyKey), dynamic(fresh)],
        [matchers.call.fn(callWithTimeout), throwError(new HttpError(0, 'Problema de conexión'))],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    expect(sentKeys(first.effects)).toEqual(['key-1']);
    expect(first.storeState.quickOrder.addAttempt).toEqual({ key: 'key-1', request: ADD_REQUEST });
    expect(first.storeState.quickOrder.lines).toHaveLength(validated().lines.length);
    // 'Agregar al carro' again: the same add, the same key (the server answers what the first did)
    const answer = bulkAnswer(2, 1);
    const retry = await expectSaga(handleAdd)
      .withReducer(reducer, stateWith(first.storeState.quickOrder))
      .provide([
        [matchers.call.fn(newIdempotencyKey), dynamic(fresh)],
        [matchers.call.fn(callWithTimeout), answer],
        [matchers.call.fn(notify), undefined],
      ])
      .put(quickOrderAdded(answer))
      .run();
    expect(sentKeys(retry.effects)).toEqual(['key-1']);
    expect(retry.storeState.quickOrder.addAttempt).toBeNull();
    // a new add (the same lines validated again): a new key
    const again = await expectSaga(handleAdd)
      .withReducer(reducer, stateWith(validated()))
      .provide([
        [matchers.call.fn(newIdempotencyKey), dynamic(fresh)],
        [matchers.call.fn(callWithTimeout), answer],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    expect(sentKeys(again.effects)).toEqual(['key-2']);
  });

  it('lines changed after no answer: another add, with a new key; a refusal (4xx) drops the key', async () => {
    const kept = { ...validated(), addAttempt: { key: 'key-old', request: { items: [{ sku: 'POL-1001-M', quantity: 1 }], clampToStock: true } } };
    const { storeState, effects } = await expectSaga(handleAdd)
      .withReducer(reducer, stateWith(kept))
      .provide([
        [matchers.call.fn(newIdempotencyKey), 'key-new'],
        [matchers.call.fn(callWithTimeout), throwError(new HttpError(403, 'Cliente bloqueado: no puede agregar productos al carro'))],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    expect(effects.call!.filter((e) => e.payload.fn === callWithTimeout).map((e) => e.payload.args[2])).toEqual(['key-new']);
    expect(storeState.quickOrder.addAttempt).toBeNull();
  });

  it('lines edited since the check: asks to validate again, sends nothing', async () => {
    const state = quickOrderReducer(validated(), quickOrderLineEdited({ key: 1, field: 'quantity', value: '3' }));
    await expectSaga(handleAdd)
      .withReducer(reducer, stateWith(state))
      .put(quickOrderAddFailed('Hay líneas modificadas: valide de nuevo antes de agregar al carro.'))
      .not.call.fn(callWithTimeout)
      .run();
  });

  it('the cart refuses (blocked buyer): its message, in the screen and a toast', async () => {
    await expectSaga(handleAdd)
      .withReducer(reducer, stateWith(validated()))
      .provide([
        [matchers.call.fn(callWithTimeout), throwError(new HttpError(403, 'Cliente bloqueado: no puede agregar productos al carro'))],
        [matchers.call.fn(notify), undefined],
      ])
      .put(quickOrderAddFailed('Cliente bloqueado: no puede agregar productos al carro'))
      .call(notify, 'Cliente bloqueado: no puede agregar productos al carro', 'error')
      .not.put(cartRefreshRequested())
      .run();
  });
});

describe("reorder ('Volver a comprar')", () => {
  it('a purchase-history document: its docEntry, then what changed and the cart badge', async () => {
    const answer = reorderAnswer();
    const { storeState } = await expectSaga(handleReorder, reorderRequested({ kind: 'history', docEntry: 9002 }))
      .withReducer(reducer)
      .provide([[matchers.call.fn(newIdempotencyKey), KEY], [matchers.call.fn(callWithTimeout), answer]])
      .call(callWithTimeout, reorderErpOrder, 9002, KEY)
      .put(reorderSucceeded(answer))
      .put(cartRefreshRequested())
      .run();
    expect(storeState.quickOrder.reorder).toMatchObject({ status: 'done', result: answer, error: null });
  });

  it('nothing changed: a toast and the cart at once (no dialog to read)', async () => {
    const answer = { ...reorderAnswer(), changed: 0 };
    await expectSaga(handleReorder, reorderRequested({ kind: 'history', docEntry: 9002 }))
      .withReducer(reducer)
      .provide([
        [matchers.call.fn(callWithTimeout), answer],
        [matchers.call.fn(notify), undefined],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .call(notify, answer.message, 'success')
      .call(navigateTo, '/user/cart-detail')
      .run();
  });

  it('a portal order: its id', async () => {
    await expectSaga(handleReorder, reorderRequested({ kind: 'order', id: 42 }))
      .withReducer(reducer)
      .provide([[matchers.call.fn(newIdempotencyKey), KEY], [matchers.call.fn(callWithTimeout), reorderAnswer()]])
      .call(callWithTimeout, reorderPortalOrder, 42, KEY)
      .run();
  });

  it("one key per reorder: no answer keeps it, 'Volver a comprar' again sends it again; another order gets its own", async () => {
    const sentKeys = (effects: { call?: { payload: { fn: unknown; args: unknown[] } }[] }) =>
      (effects.call ?? []).filter((e) => e.payload.fn === callWithTimeout).map((e) => e.payload.args[2]);
    let keys = 0;
    const fresh = () => `key-${(keys += 1)}`;
    const source = { kind: 'order' as const, id: 42 };
    const lost = await expectSaga(handleReorder, reorderRequested(source))
      .withReducer(reducer)
      .provide([
        [matchers.call.fn(newIdempotencyKey), dynamic(fresh)],
        [matchers.call.fn(callWithTimeout), throwError(new HttpError(502, 'Bad gateway'))],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    expect(sentKeys(lost.effects)).toEqual(['key-1']);
    expect(lost.storeState.quickOrder.reorderAttempt).toEqual({ key: 'key-1', request: source });
    // another order meanwhile: its own key, and the first's is dropped (only the last action is kept)
    const another = await expectSaga(handleReorder, reorderRequested({ kind: 'history', docEntry: 9002 }))
      .withReducer(reducer, stateWith(lost.storeState.quickOrder))
      .provide([
        [matchers.call.fn(newIdempotencyKey), dynamic(fresh)],
        [matchers.call.fn(callWithTimeout), throwError(new HttpError(0, 'Problema de conexión'))],
        [matchers.call.fn(notify), undefined],
      ])
      .call(callWithTimeout, reorderErpOrder, 9002, 'key-2')
      .run();
    // pressed again on the same document: the same key; answered, it is dropped
    const answer = reorderAnswer();
    const retry = await expectSaga(handleReorder, reorderRequested({ kind: 'history', docEntry: 9002 }))
      .withReducer(reducer, stateWith(another.storeState.quickOrder))
      .provide([
        [matchers.call.fn(newIdempotencyKey), dynamic(fresh)],
        [matchers.call.fn(callWithTimeout), answer],
      ])
      .call(callWithTimeout, reorderErpOrder, 9002, 'key-2')
      .put(reorderSucceeded(answer))
      .run();
    expect(retry.storeState.quickOrder.reorderAttempt).toBeNull();
  });

  it('refused: the message in Spanish, kept for the dialog and toasted', async () => {
    const { storeState } = await expectSaga(handleReorder, reorderRequested({ kind: 'order', id: 7 }))
      .withReducer(reducer)
      .provide([
        [matchers.call.fn(callWithTimeout), throwError(new HttpError(404, 'Pedido no encontrado'))],
        [matchers.call.fn(notify), undefined],
      ])
      .put(reorderFailed('Pedido no encontrado'))
      .call(notify, 'Pedido no encontrado', 'error')
      .run();
    expect(storeState.quickOrder.reorder.status).toBe('failed');
  });
});
