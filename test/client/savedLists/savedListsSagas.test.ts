import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import type { CartBulkResponse } from '@shared/api/cart';
import type { SavedList, SavedListStyleAdded } from '@shared/api/savedLists';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { confirmAccepted, confirmRequested } from '@client/app/confirmSlice';
import { cartRefreshRequested } from '@client/app/events';
import { notify } from '@client/app/notify';
import { callWithTimeout } from '@client/app/sagaUtils';
import { addStyleToList, createSavedList, deleteSavedList, savedListToCart, setListQuantities } from '@client/features/savedLists/api';
import { handleCreate, handleDelete, handleStyleSave, handleToCart, watchListOrders } from '@client/features/savedLists/savedListsSagas';
import {
  initialSavedListsState,
  savedListCreateRequested,
  savedListDeleted,
  savedListDeleteRequested,
  savedListQuantityChanged,
  savedListSaved,
  savedListsReducer,
  savedListToCartDone,
  savedListToCartRequested,
  styleSaved,
  styleSaveRequested,
  type SavedListsState,
} from '@client/features/savedLists/savedListsSlice';

// The saved lists' sagas (docs/saved-lists.md): create, 'Guardar en lista', delete, and 'Agregar al carro' with one
// Idempotency-Key per press, the same one pressed again after no answer.

const reducer = combineReducers({ savedLists: savedListsReducer });
const stateWith = (savedLists: SavedListsState) => ({ savedLists });
const list = (id: number, name: string, styles = 0): SavedList => ({ id, name, shared: false, owner: 'Rodrigo Fuentes (13.456.789-9)', mine: true, styles, updatedAt: '2026-11-29T12:00:00.000Z' });
const bulk = (clamped = 0): CartBulkResponse => ({
  lines: [
    { sku: 'POL-1001-S', requested: 2, quantity: 2, status: 'added' },
    ...(clamped ? [{ sku: 'POL-1001-M', requested: 300, quantity: 240, status: 'clamped' as const, reason: 'overStock' as const, message: 'Solo quedan 240' }] : []),
  ],
  added: 1,
  clamped,
  rejected: 0,
  count: 1 + clamped,
  message: `${1 + clamped} de ${1 + clamped} productos agregados al carro`,
});

describe('saved lists: create', () => {
  it("'Crear lista' sends the name, keeps the list by name and says so", async () => {
    const created = list(7, 'Verano');
    const { storeState } = await expectSaga(handleCreate, savedListCreateRequested({ name: 'Verano' }))
      .withReducer(reducer, stateWith({ ...initialSavedListsState, lists: [list(3, 'Zapatos')], saving: true }))
      .provide([
        [matchers.call.fn(callWithTimeout), created],
        [matchers.call.fn(notify), undefined],
      ])
      .call(callWithTimeout, createSavedList, 'Verano')
      .put(savedListSaved(created))
      .call(notify, 'Lista Verano creada', 'success')
      .run();
    expect(storeState.savedLists.lists.map((l: SavedList) => l.name)).toEqual(['Verano', 'Zapatos']);
    expect(storeState.savedLists.saving).toBe(false);
  });

  it("a refused name: the server's Spanish message, nothing kept", async () => {
    const { storeState } = await expectSaga(handleCreate, savedListCreateRequested({ name: 'Verano' }))
      .withReducer(reducer, stateWith({ ...initialSavedListsState, saving: true }))
      .provide([
        [matchers.call.fn(callWithTimeout), throwError(new HttpError(400, 'Ya tienes una lista llamada Verano'))],
        [matchers.call.fn(notify), undefined],
      ])
      .call(notify, 'Ya tienes una lista llamada Verano', 'error')
      .run();
    expect(storeState.savedLists.lists).toEqual([]);
    expect(storeState.savedLists.saving).toBe(false);
  });
});

describe("saved lists: 'Guardar en lista'", () => {
  it('into one of the lists: the style is added and the dialog is told (styleSaves)', async () => {
    const answer: SavedListStyleAdded = { list: list(3, 'Invierno', 1), added: true, message: 'Guardado en la lista Invierno' };
    const { storeState } = await expectSaga(handleStyleSave, styleSaveRequested({ style: 'POL-1001', target: { listId: 3 } }))
      .withReducer(reducer, stateWith({ ...initialSavedListsState, lists: [list(3, 'Invierno')], saving: true }))
      .provide([
        [matchers.call.fn(callWithTimeout), answer],
        [matchers.call.fn(notify), undefined],
      ])
      .call(callWithTimeout, addStyleToList, 3, 'POL-1001')
      .put(styleSaved(answer.list))
      .call(notify, answer.message, 'success')
      .run();
    expect(storeState.savedLists.styleSaves).toBe(1);
    expect(storeState.savedLists.lists[0].styles).toBe(1);
  });

  it('into a new list: created first, then the style added to it', async () => {
    const created = list(9, 'Nueva');
    const answer: SavedListStyleAdded = { list: list(9, 'Nueva', 1), added: true, message: 'Guardado en la lista Nueva' };
    await expectSaga(handleStyleSave, styleSaveRequested({ style: 'POL-1002', target: { newName: 'Nueva' } }))
      .withReducer(reducer, stateWith({ ...initialSavedListsState, saving: true }))
      .provide([
        [matchers.call(callWithTimeout, createSavedList, 'Nueva'), created],
        [matchers.call(callWithTimeout, addStyleToList, 9, 'POL-1002'), answer],
        [matchers.call.fn(notify), undefined],
      ])
      .put(savedListSaved(created))
      .put(styleSaved(answer.list))
      .run();
  });

  it("refused (the list is full): the message, and the dialog stays open", async () => {
    const { storeState } = await expectSaga(handleStyleSave, styleSaveRequested({ style: 'POL-1001', target: { listId: 3 } }))
      .withReducer(reducer, stateWith({ ...initialSavedListsState, saving: true }))
      .provide([
        [matchers.call.fn(callWithTimeout), throwError(new HttpError(400, 'Una lista admite hasta 500 estilos'))],
        [matchers.call.fn(notify), undefined],
      ])
      .call(notify, 'Una lista admite hasta 500 estilos', 'error')
      .run();
    expect(storeState.savedLists.styleSaves).toBe(0);
    expect(storeState.savedLists.saving).toBe(false);
  });
});

describe("saved lists: 'Eliminar'", () => {
  it('asks first; confirmed, deletes', async () => {
    const { storeState } = await expectSaga(handleDelete, savedListDeleteRequested({ id: 3, name: 'Invierno' }))
      .withReducer(reducer, stateWith({ ...initialSavedListsState, lists: [list(3, 'Invierno')], saving: true }))
      .provide([
        [matchers.call.fn(callWithTimeout), { message: 'Lista eliminada' }],
        [matchers.call.fn(notify), undefined],
      ])
      .put.like({ action: { type: confirmRequested.type, payload: { title: '¿Eliminar la lista Invierno?' } } })
      .dispatch(confirmAccepted())
      .call(callWithTimeout, deleteSavedList, 3)
      .put(savedListDeleted(3))
      .run();
    expect(storeState.savedLists.lists).toEqual([]);
  });
});

describe("saved lists: 'Agregar al carro'", () => {
  const sentKeys = (effects: { call?: { payload: { fn: unknown; args: unknown[] } }[] }) =>
    (effects.call ?? []).filter((e) => e.payload.fn === callWithTimeout && e.payload.args[0] === savedListToCart).map((e) => e.payload.args[2]);

  it('one bulk add with a key; the per-line answer kept, the cart badge read again, a toast', async () => {
    const answer = bulk(1);
    const { storeState } = await expectSaga(handleToCart, savedListToCartRequested(3))
      .withReducer(reducer, stateWith({ ...initialSavedListsState, toCartBusy: true }))
      .provide([
        [matchers.call.fn(newIdempotencyKey), 'key-1'],
        [matchers.call.fn(callWithTimeout), answer],
        [matchers.call.fn(notify), undefined],
      ])
      .call(callWithTimeout, savedListToCart, 3, 'key-1')
      .put(savedListToCartDone(answer))
      .put(cartRefreshRequested())
      .call(notify, answer.message, 'warning')
      .run();
    expect(storeState.savedLists.toCartResult).toEqual(answer);
    expect(storeState.savedLists.toCartAttempt).toBeNull();
  });

  it('no answer: pressed again, the SAME key (the units go in once); after an answer, a new press gets a new key', async () => {
    let keys = 0;
    const fresh = () => `key-${(keys += 1)}`;
    const first = await expectSaga(handleToCart, savedListToCartRequested(3))
      .withReducer(reducer, stateWith({ ...initialSavedListsState, toCartBusy: true }))
      .provide([
        [matchers.call.fn(newIdempotencyKey), dynamic(fresh)],
        [matchers.call.fn(callWithTimeout), throwError(new HttpError(0, 'Problema de conexión'))],
        [matchers.call.fn(notify), undefined],
      ])
      .call(notify, 'Problema de conexión', 'error')
      .run();
    expect(sentKeys(first.effects)).toEqual(['key-1']);
    expect(first.storeState.savedLists.toCartAttempt).toEqual({ key: 'key-1', request: 3 });
    expect(first.storeState.savedLists.toCartBusy).toBe(false);

    const retry = await expectSaga(handleToCart, savedListToCartRequested(3))
      .withReducer(reducer, stateWith(first.storeState.savedLists))
      .provide([
        [matchers.call.fn(newIdempotencyKey), dynamic(fresh)],
        [matchers.call.fn(callWithTimeout), bulk()],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    expect(sentKeys(retry.effects)).toEqual(['key-1']);
    expect(retry.storeState.savedLists.toCartAttempt).toBeNull();

    const again = await expectSaga(handleToCart, savedListToCartRequested(3))
      .withReducer(reducer, stateWith(retry.storeState.savedLists))
      .provide([
        [matchers.call.fn(newIdempotencyKey), dynamic(fresh)],
        [matchers.call.fn(callWithTimeout), bulk()],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    expect(sentKeys(again.effects)).toEqual(['key-2']);
  });

  it('a refusal (400: nothing to add) settles the key: the next press is a new action', async () => {
    const { storeState } = await expectSaga(handleToCart, savedListToCartRequested(3))
      .withReducer(reducer, stateWith(initialSavedListsState))
      .provide([
        [matchers.call.fn(newIdempotencyKey), 'key-1'],
        [matchers.call.fn(callWithTimeout), throwError(new HttpError(400, 'La lista no tiene cantidades para agregar al carro'))],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    expect(storeState.savedLists.toCartAttempt).toBeNull();
  });

  it('a quantity typed just before the press is saved before the list goes to the cart', async () => {
    const order: string[] = [];
    const { effects } = await expectSaga(watchListOrders)
      .withReducer(reducer, stateWith(initialSavedListsState))
      .provide([
        {
          call(effect, next) {
            if (effect.fn === callWithTimeout) {
              const name = (effect.args[0] as { name: string }).name;
              order.push(`start ${name}`);
              // the quantity's save is slow: the press must wait for it, not pass it
              const wait = effect.args[0] === setListQuantities ? 30 : 0;
              const answer = effect.args[0] === savedListToCart ? bulk() : { message: 'Cantidades guardadas' };
              return new Promise((resolve) => setTimeout(() => (order.push(`end ${name}`), resolve(answer)), wait));
            }
            if (effect.fn === newIdempotencyKey) return 'key-1';
            if (effect.fn === notify) return undefined;
            return next();
          },
        },
      ])
      .dispatch(savedListQuantityChanged({ listId: 3, style: 'POL-1001', sku: 'POL-1001-S', quantity: 2 }))
      .dispatch(savedListToCartRequested(3))
      .silentRun(150);
    expect(order).toEqual([`start ${setListQuantities.name}`, `end ${setListQuantities.name}`, `start ${savedListToCart.name}`, `end ${savedListToCart.name}`]);
    expect(effects.call).toEqual(expect.arrayContaining([expect.objectContaining({ payload: expect.objectContaining({ args: [setListQuantities, 3, 'POL-1001', [{ sku: 'POL-1001-S', quantity: 2 }]] }) })]));
  });
});
