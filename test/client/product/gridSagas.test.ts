import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { call } from 'redux-saga/effects';
import type { CartBulkResponse } from '@shared/api/cart';
import type { SizeCurve, SizeCurveList } from '@shared/api/curves';
import { DEFAULT_CURVES } from '@shared/curves';
import { addCartLines } from '@client/api/cart';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { cartRefreshRequested } from '@client/app/events';
import { sendOnce } from '@client/app/keyedAttempt';
import { notify } from '@client/app/notify';
import { callWithTimeout } from '@client/app/sagaUtils';
import { rootReducer, type RootState } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import { createCurve, deleteCurve, fetchCurves } from '@client/features/product/api';
import { GRID_ATTEMPT, handleCurveDelete, handleCurveSave, handleGridAdd, handleGridShown } from '@client/features/product/productSagas';
import {
  curveDeleted,
  curveDeleteRequested,
  curveSaved,
  curveSaveFailed,
  curveSaveRequested,
  curvesLoaded,
  curvesRequested,
  gridAddFinished,
  gridAddRequested,
  productViewChanged,
} from '@client/features/product/productSlice';
import { detail } from './fixtures';

// The grid's 'Agregar al Carro' (one bulk request) and the buyer's curves (docs/size-grid.md).

const items = [
  { sku: 'POL-1003-S', quantity: 2 },
  { sku: 'POL-1003-M', quantity: 20 },
  { sku: 'POL-1004-M', quantity: 3 },
];
const bulkAnswer: CartBulkResponse = {
  lines: [
    { sku: 'POL-1003-S', requested: 2, quantity: 2, status: 'added' },
    { sku: 'POL-1003-M', requested: 20, quantity: 12, status: 'clamped', reason: 'overStock', message: 'Un producto excede es mayor al stock' },
    { sku: 'POL-1004-M', requested: 3, quantity: 0, status: 'rejected', reason: 'noStock', message: 'Sin stock' },
  ],
  added: 1,
  clamped: 1,
  rejected: 1,
  count: 4,
  message: '2 de 3 productos agregados al carro',
};

/** A loaded product with the grid's cells filled. */
const withGrid = (): RootState => {
  const base = rootReducer(undefined, { type: '@@init' });
  return {
    ...base,
    product: {
      ...base.product,
      sku: 'POL-1003',
      status: 'loaded',
      detail,
      view: 'grid',
      grid: { 'POL-1003-S': '2', 'POL-1003-M': '20', 'POL-1004-M': '3', 'POL-1004-L': '' },
      gridAdding: true,
    },
  };
};

describe('grid add', () => {
  it('sends every cell in ONE bulk request, then tells the product, the buyer and the cart', () => {
    testSaga(handleGridAdd, gridAddRequested({ items }))
      .next()
      .call(sendOnce, GRID_ATTEMPT, { items }, addCartLines, { items })
      .next(bulkAnswer)
      .put(gridAddFinished({ added: ['POL-1003-S', 'POL-1003-M'], problems: [bulkAnswer.lines[1]!, bulkAnswer.lines[2]!] }))
      .next()
      .call(notify, '2 de 3 productos agregados al carro', 'warning')
      .next()
      .put(cartRefreshRequested())
      .next()
      .isDone();
  });

  it('with the reducers: the cells the cart took are cleared, the refused one stays with why', async () => {
    const { storeState, effects } = await expectSaga(handleGridAdd, gridAddRequested({ items }))
      .withReducer(rootReducer, withGrid())
      .provide([
        [matchers.call.fn(addCartLines), bulkAnswer],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    expect(storeState.product.grid).toEqual({ 'POL-1004-M': '3', 'POL-1004-L': '' });
    expect(storeState.product.gridAdding).toBe(false);
    expect(storeState.product.gridProblems.map((p: { sku: string }) => p.sku)).toEqual(['POL-1003-M', 'POL-1004-M']);
    expect(effects.call.filter((e) => e.payload.args[0] === addCartLines)).toHaveLength(1);
  });

  it("one Idempotency-Key per add: no answer keeps it and the same cells pressed again send it again; an answer drops it", async () => {
    const sentKeys = (effects: { call?: { payload: { fn: unknown; args: unknown[] } }[] }) =>
      (effects.call ?? []).filter((e) => e.payload.fn === callWithTimeout && e.payload.args[0] === addCartLines).map((e) => e.payload.args[2]);
    let keys = 0;
    const fresh = () => `key-${(keys += 1)}`;
    const press = (state: RootState, answer: unknown) =>
      expectSaga(handleGridAdd, gridAddRequested({ items }))
        .withReducer(rootReducer, state)
        .provide([
          [matchers.call.fn(newIdempotencyKey), dynamic(fresh)],
          [matchers.call.fn(callWithTimeout), answer],
          [matchers.call.fn(notify), undefined],
        ])
        .run();
    // timed out: the cells stay, and so does the key
    const lost = await press(withGrid(), throwError(new HttpError(0, 'Problema de conexión')));
    expect(sentKeys(lost.effects)).toEqual(['key-1']);
    expect(lost.storeState.product.gridAttempt).toEqual({ key: 'key-1', request: { items } });
    expect(lost.storeState.product.grid).toEqual(withGrid().product.grid);
    // 'Agregar al Carro' again, nothing changed: the same add (the server answers what the first did)
    const retry = await press({ ...lost.storeState, product: { ...lost.storeState.product, gridAdding: true } }, bulkAnswer);
    expect(sentKeys(retry.effects)).toEqual(['key-1']);
    expect(retry.storeState.product.gridAttempt).toBeNull();
    // a new add of the same quantities: a new action, a new key
    const next = await press(withGrid(), bulkAnswer);
    expect(sentKeys(next.effects)).toEqual(['key-2']);
  });

  it('after no answer, other cells are another add: a new key', async () => {
    const kept: RootState = { ...withGrid(), product: { ...withGrid().product, gridAttempt: { key: 'key-old', request: { items: [items[0]!] } } } };
    const { storeState } = await expectSaga(handleGridAdd, gridAddRequested({ items }))
      .withReducer(rootReducer, kept)
      .provide([
        [matchers.call.fn(newIdempotencyKey), 'key-new'],
        [matchers.call.fn(callWithTimeout), bulkAnswer],
        [matchers.call.fn(notify), undefined],
      ])
      .call(callWithTimeout, addCartLines, { items }, 'key-new')
      .not.call(callWithTimeout, addCartLines, { items }, 'key-old')
      .run();
    expect(storeState.product.gridAttempt).toBeNull();
  });

  it('all added whole: a success toast', () => {
    const whole: CartBulkResponse = { ...bulkAnswer, lines: [bulkAnswer.lines[0]!], added: 1, clamped: 0, rejected: 0, message: '1 de 1 productos agregados al carro' };
    testSaga(handleGridAdd, gridAddRequested({ items: [items[0]!] }))
      .next()
      .call(sendOnce, GRID_ATTEMPT, { items: [items[0]!] }, addCartLines, { items: [items[0]!] })
      .next(whole)
      .put(gridAddFinished({ added: ['POL-1003-S'], problems: [] }))
      .next()
      .call(notify, '1 de 1 productos agregados al carro', 'success')
      .next()
      .put(cartRefreshRequested())
      .next()
      .isDone();
  });

  it('an ERP down keeps every cell and says so plainly', async () => {
    const { storeState } = await expectSaga(handleGridAdd, gridAddRequested({ items }))
      .withReducer(rootReducer, withGrid())
      .provide([
        [matchers.call.fn(addCartLines), throwError(new HttpError(503, 'El ERP no está disponible', undefined, { code: 'ERP_UNAVAILABLE' }))],
        [matchers.call.fn(notify), undefined],
      ])
      .call(
        notify,
        'No pudimos agregar los productos al carro: el ERP, nuestro sistema de stock y precios, no responde en este momento. No se perdió nada: las cantidades que elegiste siguen en la grilla. Reintenta en unos minutos.',
        'error',
      )
      .put(cartRefreshRequested())
      .run();
    expect(storeState.product.grid).toEqual(withGrid().product.grid);
    expect(storeState.product.gridAdding).toBe(false);
  });

  it("the grid's notices: gone after an add the cart took, kept after one it did not", async () => {
    const shortfall = { key: 'POL-1004', color: 'Rojo', talla: 'M', sku: 'POL-1004-M', wanted: 6, filled: 2, stock: 2, reason: 'shortStock' as const };
    const earlier = { sku: 'POL-1004-L', requested: 9, quantity: 8, status: 'clamped' as const, reason: 'overStock' as const, message: 'Un producto excede es mayor al stock' };
    const noticed = (): RootState => ({ ...withGrid(), product: { ...withGrid().product, gridShortfalls: [shortfall], gridProblems: [earlier] } });

    const taken = await expectSaga(handleGridAdd, gridAddRequested({ items }))
      .withReducer(rootReducer, noticed())
      .provide([
        [matchers.call.fn(addCartLines), bulkAnswer],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    expect(taken.storeState.product.gridShortfalls).toEqual([]);
    expect(taken.storeState.product.gridProblems.map((p: { sku: string }) => p.sku)).toEqual(['POL-1003-M', 'POL-1004-M']);

    const allRefused: CartBulkResponse = { ...bulkAnswer, lines: [bulkAnswer.lines[2]!], added: 0, clamped: 0, rejected: 1, message: '0 de 1 productos agregados al carro' };
    const refused = await expectSaga(handleGridAdd, gridAddRequested({ items }))
      .withReducer(rootReducer, noticed())
      .provide([
        [matchers.call.fn(addCartLines), allRefused],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    expect(refused.storeState.product.gridShortfalls).toEqual([shortfall]);
    expect(refused.storeState.product.grid).toEqual(withGrid().product.grid);

    const unanswered = await expectSaga(handleGridAdd, gridAddRequested({ items }))
      .withReducer(rootReducer, noticed())
      .provide([
        [matchers.call.fn(addCartLines), throwError(new HttpError(0, 'Failed to fetch'))],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    expect(unanswered.storeState.product).toMatchObject({ gridShortfalls: [shortfall], gridProblems: [earlier], grid: withGrid().product.grid, gridAdding: false });
  });
});

const saved: SizeCurve = { id: 7, name: 'Verano', sizes: [{ talla: 'S', ratio: 1 }, { talla: 'M', ratio: 2 }], updatedAt: '2026-11-27T10:00:00.000Z' };

describe('curves', () => {
  it('reads the buyer curves the first time the grid is shown, and not again', async () => {
    const list: SizeCurveList = { curves: [saved], defaults: [...DEFAULT_CURVES] };
    const { storeState } = await expectSaga(handleGridShown, productViewChanged('grid'))
      .withReducer(rootReducer, rootReducer(undefined, { type: '@@init' }))
      .provide([[matchers.call.fn(fetchCurves), list]])
      .put(curvesRequested())
      .put(curvesLoaded([saved]))
      .run();
    expect(storeState.product.curves).toEqual({ status: 'loaded', own: [saved], error: null });
    testSaga(handleGridShown, productViewChanged('grid')).next().next(storeState.product).isDone();
    testSaga(handleGridShown, productViewChanged('sizes')).next().isDone();
  });

  it('saves a curve: the server answer joins the list, sorted by name, with a toast', async () => {
    const base = rootReducer(undefined, { type: '@@init' });
    const other: SizeCurve = { ...saved, id: 3, name: 'Anual' };
    const start: RootState = { ...base, product: { ...base.product, curves: { status: 'loaded', own: [{ ...saved, id: 9, name: 'Zeta' }], error: null }, curveSaving: true } };
    const request = { name: 'Anual', sizes: other.sizes };
    const { storeState } = await expectSaga(handleCurveSave, curveSaveRequested(request))
      .withReducer(rootReducer, start)
      .provide([
        [call(callWithTimeout, createCurve, request), other],
        [matchers.call.fn(notify), undefined],
      ])
      .put(curveSaved(other))
      .call(notify, 'Curva guardada', 'success')
      .run();
    expect(storeState.product.curves.own.map((c: SizeCurve) => c.name)).toEqual(['Anual', 'Zeta']);
    expect(storeState.product.curveSaving).toBe(false);
  });

  it("a refused save tells the server's reason and keeps the list", () => {
    const request = { name: 'Verano', sizes: saved.sizes };
    testSaga(handleCurveSave, curveSaveRequested(request))
      .next()
      .call(callWithTimeout, createCurve, request)
      .throw(new HttpError(409, 'Ya tienes una curva llamada Verano'))
      .put(curveSaveFailed())
      .next()
      .call(notify, 'Ya tienes una curva llamada Verano', 'error')
      .next()
      .isDone();
  });

  it('a connection failure says the curve was not saved', () => {
    testSaga(handleCurveSave, curveSaveRequested({ name: 'X', sizes: saved.sizes }))
      .next()
      .throw(new HttpError(0, 'Failed to fetch'))
      .put(curveSaveFailed())
      .next()
      .call(notify, 'No pudimos guardar la curva', 'error');
  });

  it('deletes a curve: it leaves the list, with the server message', async () => {
    const base = rootReducer(undefined, { type: '@@init' });
    const start: RootState = { ...base, product: { ...base.product, curves: { status: 'loaded', own: [saved, { ...saved, id: 8, name: 'Otra' }], error: null } } };
    const { storeState } = await expectSaga(handleCurveDelete, curveDeleteRequested(7))
      .withReducer(rootReducer, start)
      .provide([
        [call(callWithTimeout, deleteCurve, 7), { message: 'Curva eliminada' }],
        [matchers.call.fn(notify), undefined],
      ])
      .put(curveDeleted(7))
      .call(notify, 'Curva eliminada', 'success')
      .run();
    expect(storeState.product.curves.own.map((c: SizeCurve) => c.id)).toEqual([8]);
  });

  it('a curve already gone (404) leaves the list too, and the buyer is told', () => {
    testSaga(handleCurveDelete, curveDeleteRequested(7))
      .next()
      .call(callWithTimeout, deleteCurve, 7)
      .throw(new HttpError(404, 'Curva no encontrada'))
      .put(curveDeleted(7))
      .next()
      .call(notify, 'Curva no encontrada', 'error')
      .next()
      .isDone();
  });
});
