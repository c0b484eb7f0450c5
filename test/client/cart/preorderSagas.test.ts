import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { call } from 'redux-saga/effects';
import type { CartBulkResponse } from '@shared/api/cart';
import { addCartLines } from '@client/api/cart';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { cartRefreshRequested, preorderAddFinished, preorderAddRequested } from '@client/app/events';
import { sendOnce } from '@client/app/keyedAttempt';
import { notify } from '@client/app/notify';
import { callWithTimeout } from '@client/app/sagaUtils';
import { rootReducer, type RootState } from '@client/app/store';
import { handlePreorderAdd, PREORDER_ATTEMPT, preorderAddedText } from '@client/features/cart/cartSagas';
import { preorderOpened } from '@client/features/product/productSlice';
import { ARRIVES, fixToday } from '../incomingFixtures';
import { buyerState, line, polera } from './fixtures';

// 'Pedir por llegar' (docs/incoming.md): the cart saga adds sizes to their pre-order lines in ONE keyed bulk request.

beforeEach(() => fixToday());
afterEach(() => jest.useRealTimers());

const xs = { sku: 'CHA-3003-XS', quantity: 20 };
const request = { items: [{ sku: 'CHA-3003-XS', quantity: 20, porLlegar: true }], clampToStock: true };
const preorderLine = line({ ...polera, id: 300, sku: 'CHA-3003-XS', style: 'CHA-3003', name: 'Chaqueta Térmica', size: 'XS', quantity: 20, stock: 60 });
const answer: CartBulkResponse = {
  lines: [{ sku: 'CHA-3003-XS', requested: 20, quantity: 20, status: 'added', item: { ...preorderLine, porLlegar: true, llegada: ARRIVES } }],
  added: 1,
  clamped: 0,
  rejected: 0,
  count: 3,
  message: '1 de 1 productos agregados al carro',
};
const added = 'Se agregaron 20 por llegar de Chaqueta Térmica talla XS (llegan el 15-ene)';

describe('pre-order add (cart saga)', () => {
  it('sends the sizes as pre-order lines in ONE keyed bulk request, tells the screen, the buyer and the cart', () => {
    testSaga(handlePreorderAdd, preorderAddRequested({ items: [xs], origin: 'product' }))
      .next()
      .call(sendOnce, PREORDER_ATTEMPT, request, addCartLines, request)
      .next(answer)
      .put(preorderAddFinished({ origin: 'product', lines: answer.lines }))
      .next()
      .call(notify, added, 'success')
      .next()
      .put(cartRefreshRequested())
      .next()
      .isDone();
  });

  it('a size cut to what arrives is a warning with the server summary', () => {
    const clamped: CartBulkResponse = { ...answer, lines: [{ ...answer.lines[0]!, requested: 80, quantity: 60, status: 'clamped', reason: 'overStock' }], added: 0, clamped: 1 };
    expect(preorderAddedText(clamped)).toBe('Se agregaron 60 por llegar de Chaqueta Térmica talla XS (llegan el 15-ene)');
    testSaga(handlePreorderAdd, preorderAddRequested({ items: [{ sku: 'CHA-3003-XS', quantity: 80 }], origin: 'quickOrder' }))
      .next()
      .next(clamped)
      .put(preorderAddFinished({ origin: 'quickOrder', lines: clamped.lines }))
      .next()
      .call(notify, 'Se agregaron 60 por llegar de Chaqueta Térmica talla XS (llegan el 15-ene)', 'warning')
      .next()
      .put(cartRefreshRequested())
      .next()
      .isDone();
  });

  it('no answer: the screen keeps its choice (failed), the buyer reads it plainly, the cart is read again', () => {
    const error = new HttpError(0, 'Problema de conexión');
    testSaga(handlePreorderAdd, preorderAddRequested({ items: [xs], origin: 'reorder' }))
      .next()
      .call(sendOnce, PREORDER_ATTEMPT, request, addCartLines, request)
      .throw(error)
      .put(preorderAddFinished({ origin: 'reorder', lines: [], failed: true }))
      .next()
      .call(notify, 'Problema de conexión', 'error')
      .next()
      .put(cartRefreshRequested())
      .next()
      .isDone();
  });

  it('with the reducers: the product dialog closes once the cart took it, and the key is dropped', async () => {
    const before: RootState = { ...buyerState(), product: { ...rootReducer(undefined, { type: '@@init' }).product, preorder: { sku: 'CHA-3003-XS', name: 'Chaqueta Térmica', size: 'XS', porLlegar: [{ fecha: ARRIVES, cantidad: 60 }] } } };
    const sent: unknown[] = [];
    const { storeState } = await expectSaga(handlePreorderAdd, preorderAddRequested({ items: [xs], origin: 'product' }))
      .withReducer(rootReducer, rootReducer(before, preorderAddRequested({ items: [xs], origin: 'product' })))
      .provide([
        [matchers.call.fn(newIdempotencyKey), 'key-1'],
        [matchers.call.fn(callWithTimeout), dynamic((effect: { args: unknown[] }) => (sent.push(effect.args), answer))],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    // the bulk endpoint with porLlegar on every line and the action's key
    expect(sent).toEqual([[addCartLines, request, 'key-1']]);
    expect(storeState.product.preorder).toBeNull();
    expect(storeState.product.preorderAdding).toBe(false);
    expect(storeState.cart.preorderAttempt).toBeNull();
  });

  it('an unknown outcome keeps the key: asked again with the same sizes, the same add (never twice)', async () => {
    const state = rootReducer(buyerState(), preorderOpened({ sku: 'CHA-3003-XS', name: 'Chaqueta Térmica', size: 'XS', porLlegar: [{ fecha: ARRIVES, cantidad: 60 }] }));
    let attempts = 0;
    const fail = await expectSaga(handlePreorderAdd, preorderAddRequested({ items: [xs], origin: 'product' }))
      .withReducer(rootReducer, state)
      .provide([
        [matchers.call.fn(newIdempotencyKey), 'key-1'],
        [
          call(callWithTimeout, addCartLines, request, 'key-1'),
          dynamic(() => {
            attempts += 1;
            if (attempts === 1) throw new HttpError(503, 'Servicio no disponible');
            return answer;
          }),
        ],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    // the dialog stays with its choice, and the attempt keeps its key
    expect(fail.storeState.product.preorder?.sku).toBe('CHA-3003-XS');
    expect(fail.storeState.cart.preorderAttempt).toEqual({ key: 'key-1', request });
    const again = await expectSaga(handlePreorderAdd, preorderAddRequested({ items: [xs], origin: 'product' }))
      .withReducer(rootReducer, fail.storeState as RootState)
      .provide([
        [matchers.call.fn(newIdempotencyKey), throwError(new Error('a second key was made'))],
        [call(callWithTimeout, addCartLines, request, 'key-1'), answer],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    expect(again.storeState.product.preorder).toBeNull();
    expect(again.storeState.cart.preorderAttempt).toBeNull();
  });
});
