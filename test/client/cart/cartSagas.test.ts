import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { cartEmptied, cartItemsAddFinished, cartItemsAddRequested, cartRefreshRequested, loggedOut } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { kept } from '@client/app/persistence';
import { rootReducer, type RootState } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import { addCartItem, deleteCartItem, fetchCart, fetchCartCount, updateCartItem } from '@client/features/cart/api';
import {
  cartSaga,
  handleAddItems,
  handleChangeQuantity,
  handleCheckoutChosen,
  handleDeleteLine,
  handleLoadCart,
  handleLoadCount,
  handleRefreshRequested,
} from '@client/features/cart/cartSagas';
import { selectCartUserId } from '@client/features/cart/cartSelectors';
import {
  cartCheckoutChosen,
  cartCountLoaded,
  cartDrawerOpened,
  cartIconShown,
  cartLineDeleted,
  cartLineDeleteFailed,
  cartLineRemoved,
  cartLineUpdated,
  cartLineUpdateFailed,
  cartLoaded,
  cartLoadFailed,
  cartLoadStarted,
  cartQuantityChanged,
  cartReducer,
  cartScreenOpened,
} from '@client/features/cart/cartSlice';
import { buyerState, cartOf, cartState, chaqueta, line, polera } from './fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';

const overStock = new HttpError(400, 'No hay stock suficiente de Chaqueta Cortaviento talla L: disponible 3');
const erpDown = () => new HttpError(503, 'El ERP no está disponible', undefined, { code: 'ERP_UNAVAILABLE' });
const addTwo = cartItemsAddRequested({ items: [{ sku: 'POL-1003-M', quantity: 2 }, { sku: 'CHA-2001-L', quantity: 5 }] });
const quiet = () => jest.spyOn(console, 'warn').mockImplementation(() => undefined);

afterEach(() => jest.restoreAllMocks());

describe('add to cart, step by step', () => {
  it('POSTs each size in order, says Producto(s) agregados!!, then reads the count', () => {
    testSaga(handleAddItems, addTwo)
      .next()
      .call(callWithTimeout, addCartItem, { sku: 'POL-1003-M', quantity: 2 })
      .next(polera)
      .call(callWithTimeout, addCartItem, { sku: 'CHA-2001-L', quantity: 5 })
      .next(chaqueta)
      // the product detail clears both quantities: a second click adds nothing
      .put(cartItemsAddFinished({ added: addTwo.payload.items }))
      .next()
      .call(notify, 'Producto(s) agregados!!', 'success')
      .next()
      .call(handleLoadCount)
      .next()
      .isDone();
  });

  it('a refused size stops there with the server message; what was added stays and the count is read anyway', () => {
    testSaga(handleAddItems, addTwo)
      .next()
      .call(callWithTimeout, addCartItem, { sku: 'POL-1003-M', quantity: 2 })
      .next(polera)
      .call(callWithTimeout, addCartItem, { sku: 'CHA-2001-L', quantity: 5 })
      .throw(overStock)
      // only the size that went in is cleared; the refused one stays chosen
      .put(cartItemsAddFinished({ added: [{ sku: 'POL-1003-M', quantity: 2 }] }))
      .next()
      .call(notify, 'No hay stock suficiente de Chaqueta Cortaviento talla L: disponible 3', 'error')
      .next()
      .call(handleLoadCount)
      .next()
      .isDone();
  });

  it('the ERP down: nothing added, and the toast says so plainly (what failed, that nothing was lost, what to do)', () => {
    testSaga(handleAddItems, addTwo)
      .next()
      .call(callWithTimeout, addCartItem, { sku: 'POL-1003-M', quantity: 2 })
      .throw(erpDown())
      .put(cartItemsAddFinished({ added: [] }))
      .next()
      .call(
        notify,
        'No pudimos agregar los productos al carro: el ERP, nuestro sistema de stock y precios, no responde en este momento. No se perdió nada: las cantidades que elegiste siguen en la página. Reintenta en unos minutos.',
        'error',
      )
      .next()
      .call(handleLoadCount)
      .next()
      .isDone();
  });

  it("with the reducers: the product detail's quantities of the sizes added are cleared and its button is free again", async () => {
    const before: RootState = {
      ...buyerState(),
      product: { sku: 'POL-1003', status: 'loaded', detail: null, content: null, error: null, quantities: { 'POL-1003-M': '2', 'CHA-2001-L': '5', 'POL-1003-S': '' }, adding: true, view: 'sizes', grid: {}, gridAdding: false, gridProblems: [], gridAttempt: null, gridShortfalls: [], curves: { status: 'idle', own: [], error: null }, curveSaving: false, preorder: null, preorderAdding: false },
    };
    const { storeState } = await expectSaga(handleAddItems, addTwo)
      .withReducer(rootReducer, before)
      .provide([
        [matchers.call.fn(addCartItem), polera],
        [matchers.call.fn(notify), undefined],
        [matchers.call.fn(fetchCartCount), 2],
      ])
      .run();
    expect(storeState.product).toMatchObject({ quantities: { 'POL-1003-S': '' }, adding: false });
  });
});

describe('count and lines, step by step', () => {
  it('count: GET count-cart of the session user', () => {
    testSaga(handleLoadCount).next().select(selectCartUserId).next(12).call(callWithTimeout, fetchCartCount, 12).next(3).put(cartCountLoaded(3)).next().isDone();
  });

  it('count: a failure is only logged (R-CART-5)', () => {
    const warn = quiet();
    testSaga(handleLoadCount).next().select(selectCartUserId).next(12).call(callWithTimeout, fetchCartCount, 12).throw(new HttpError(500, 'Internal server error')).isDone();
    expect(warn).toHaveBeenCalledWith('[cart] count not available', 'Internal server error');
  });

  it('count and lines: nothing to read without a user', () => {
    testSaga(handleLoadCount).next().select(selectCartUserId).next(null).isDone();
    testSaga(handleLoadCart).next().select(selectCartUserId).next(null).isDone();
  });

  it('lines: loading, then the lines and the server totals', () => {
    const cart = cartOf([polera, chaqueta]);
    testSaga(handleLoadCart).next().select(selectCartUserId).next(12).put(cartLoadStarted()).next().call(callWithTimeout, fetchCart, 12).next(cart).put(cartLoaded(cart)).next().isDone();
  });

  it('lines: the ERP down is said plainly: nothing was lost, try again', () => {
    testSaga(handleLoadCart)
      .next()
      .select(selectCartUserId)
      .next(12)
      .put(cartLoadStarted())
      .next()
      .call(callWithTimeout, fetchCart, 12)
      .throw(erpDown())
      .put(
        cartLoadFailed({
          message:
            'No pudimos mostrar tu carro: el ERP, nuestro sistema de stock y precios, no responde en este momento. No se perdió nada: tus productos siguen guardados en el carro. Reintenta en unos minutos.',
          status: 503,
        }),
      )
      .next()
      .isDone();
  });

  it('lines: a failure keeps the server message', () => {
    testSaga(handleLoadCart)
      .next()
      .select(selectCartUserId)
      .next(12)
      .put(cartLoadStarted())
      .next()
      .call(callWithTimeout, fetchCart, 12)
      .throw(new HttpError(0, 'Failed to fetch'))
      .put(cartLoadFailed({ message: 'Failed to fetch', status: 0 }))
      .next()
      .isDone();
  });

  it('refresh requested: count and lines at the same time', () => {
    testSaga(handleRefreshRequested).next().all([call(handleLoadCount), call(handleLoadCart)]).next().isDone();
  });
});

describe('quantity and deletion, step by step', () => {
  it('quantity: PUT {id, quantity}, then the line as the server priced it', () => {
    const three = line({ ...polera, quantity: 3 });
    testSaga(handleChangeQuantity, cartQuantityChanged({ id: 101, quantity: 3 }))
      .next()
      .call(callWithTimeout, updateCartItem, { id: 101, quantity: 3 })
      .next(three)
      .put(cartLineUpdated(three))
      .next()
      .isDone();
  });

  it('quantity refused: the line is released and the server message shown', () => {
    testSaga(handleChangeQuantity, cartQuantityChanged({ id: 102, quantity: 3 }))
      .next()
      .call(callWithTimeout, updateCartItem, { id: 102, quantity: 3 })
      .throw(overStock)
      .put(cartLineUpdateFailed(102))
      .next()
      .call(notify, 'No hay stock suficiente de Chaqueta Cortaviento talla L: disponible 3', 'error')
      .next()
      .isDone();
  });

  it('delete: DELETE the line, then removed (the badge goes down by one)', () => {
    testSaga(handleDeleteLine, cartLineDeleted(101)).next().call(callWithTimeout, deleteCartItem, 101).next().put(cartLineRemoved(101)).next().isDone();
  });

  it('delete refused: the line stays, the server message is shown', () => {
    testSaga(handleDeleteLine, cartLineDeleted(101))
      .next()
      .call(callWithTimeout, deleteCartItem, 101)
      .throw(new HttpError(404, 'El producto no está en el carro'))
      .put(cartLineDeleteFailed(101))
      .next()
      .call(notify, 'El producto no está en el carro', 'error')
      .next()
      .isDone();
  });
});

describe('checkout buttons, step by step', () => {
  it("'Realizar Reserva' sets the reserve marker X, then the order summary", () => {
    testSaga(handleCheckoutChosen, cartCheckoutChosen({ reserve: true }))
      .next()
      .put(kept({ reserve: 'X' }))
      .next()
      .call(navigateTo, '/user/sumary-order')
      .next()
      .isDone();
  });

  it("'Continuar la compra' clears the reserve marker, then the order summary", () => {
    testSaga(handleCheckoutChosen, cartCheckoutChosen({ reserve: false }))
      .next()
      .put(kept({ reserve: null }))
      .next()
      .call(navigateTo, '/user/sumary-order')
      .next()
      .isDone();
  });
});

describe('cart reducer', () => {
  const loaded = cartState({ count: 2, ...cartOf([polera, chaqueta]), load: { status: 'loaded', error: null }, drawerOpen: true });

  it('a quantity change shows at once and marks the line busy until the server answers', () => {
    const changed = cartReducer(loaded, cartQuantityChanged({ id: 101, quantity: 5 }));
    expect(changed.items[0].quantity).toBe(5);
    expect(changed.busy).toEqual({ 101: true });
    const three = line({ ...polera, quantity: 3 });
    expect(cartReducer(changed, cartLineUpdated(three))).toMatchObject({ items: [three, chaqueta], busy: {} });
    expect(cartReducer(changed, cartLineUpdateFailed(101)).busy).toEqual({});
  });

  it('a removed line leaves the list and the count goes down by one, never below 0', () => {
    expect(cartReducer(loaded, cartLineRemoved(101))).toMatchObject({ items: [chaqueta], count: 1 });
    expect(cartReducer(cartState({ count: 0, items: [polera] }), cartLineRemoved(101)).count).toBe(0);
  });

  it('an emptied cart has count 0 and no lines; logout resets everything', () => {
    expect(cartReducer(loaded, cartEmptied())).toMatchObject({ count: 0, items: [], totals: null });
    expect(cartReducer(loaded, loggedOut())).toEqual(cartState());
  });

  it('the drawer opens and closes', () => {
    expect(cartReducer(cartState(), cartDrawerOpened()).drawerOpen).toBe(true);
  });
});

// The whole cart saga with the reducers: the final state each flow leaves.
const notifyQuietly: [matchers.Matcher, undefined] = [matchers.call.fn(notify), undefined];

describe('cart flows with the reducers', () => {
  it('add: both sizes POSTed, the toast, and the badge from the server', async () => {
    const { storeState, effects } = await expectSaga(cartSaga)
      .withReducer(rootReducer, buyerState({ count: 0 }))
      .provide([[matchers.call.fn(addCartItem), polera], [matchers.call.fn(fetchCartCount), 2], notifyQuietly])
      .call(notify, 'Producto(s) agregados!!', 'success')
      .dispatch(addTwo)
      .silentRun(50);
    expect(storeState.cart.count).toBe(2);
    expect(effects.call.filter((e) => e.payload.fn === addCartItem)).toHaveLength(2);
  });

  it('add refused: the server message, and the count is still refreshed', async () => {
    const { storeState } = await expectSaga(cartSaga)
      .withReducer(rootReducer, buyerState({ count: 0 }))
      .provide({
        call(effect, next) {
          if (effect.fn === addCartItem) {
            if (effect.args[0].sku === 'CHA-2001-L') throw overStock;
            return polera;
          }
          if (effect.fn === fetchCartCount) return 1;
          if (effect.fn === notify) return undefined;
          return next();
        },
      })
      .call(notify, 'No hay stock suficiente de Chaqueta Cortaviento talla L: disponible 3', 'error')
      .not.call(notify, 'Producto(s) agregados!!', 'success')
      .dispatch(addTwo)
      .silentRun(50);
    expect(storeState.cart.count).toBe(1);
  });

  it('icon shown: the badge count', async () => {
    const { storeState } = await expectSaga(cartSaga)
      .withReducer(rootReducer, buyerState())
      .provide([[matchers.call.fn(fetchCartCount), 7]])
      .dispatch(cartIconShown())
      .silentRun(50);
    expect(storeState.cart.count).toBe(7);
  });

  it('screen opened: the lines and the server totals, loaded', async () => {
    const cart = cartOf([polera, chaqueta]);
    const { storeState } = await expectSaga(cartSaga)
      .withReducer(rootReducer, buyerState())
      .provide([[matchers.call.fn(fetchCart), cart]])
      .dispatch(cartScreenOpened())
      .silentRun(50);
    expect(storeState.cart).toMatchObject({ items: [polera, chaqueta], totals: cart.totals, load: { status: 'loaded', error: null } });
  });

  it('delete: the line goes, the badge goes down by one locally, and the lines are read again', async () => {
    const after = cartOf([chaqueta]);
    const { storeState } = await expectSaga(cartSaga)
      .withReducer(rootReducer, buyerState({ count: 2, ...cartOf([polera, chaqueta]), load: { status: 'loaded', error: null } }))
      .provide([[matchers.call.fn(deleteCartItem), undefined], [matchers.call.fn(fetchCart), after]])
      .call(callWithTimeout, deleteCartItem, 101)
      .call(callWithTimeout, fetchCart, 12)
      .not.call.fn(fetchCartCount)
      .dispatch(cartLineDeleted(101))
      .silentRun(50);
    expect(storeState.cart).toMatchObject({ count: 1, items: [chaqueta], totals: after.totals, busy: {} });
  });

  it('quantity: PUT, then the lines and totals read again', async () => {
    const three = line({ ...polera, quantity: 3 });
    const after = cartOf([three, chaqueta]);
    const { storeState } = await expectSaga(cartSaga)
      .withReducer(rootReducer, buyerState({ count: 2, ...cartOf([polera, chaqueta]), load: { status: 'loaded', error: null } }))
      .provide([[matchers.call.fn(updateCartItem), three], [matchers.call.fn(fetchCart), after]])
      .call(callWithTimeout, updateCartItem, { id: 101, quantity: 3 })
      .dispatch(cartQuantityChanged({ id: 101, quantity: 3 }))
      .silentRun(50);
    expect(storeState.cart).toMatchObject({ items: [three, chaqueta], totals: after.totals, busy: {} });
    expect(storeState.cart.totals?.subtotal).toBe(47_962);
  });

  it('quantity refused: the message, and the reload puts back what the server kept', async () => {
    const before = cartOf([polera, chaqueta]);
    const { storeState } = await expectSaga(cartSaga)
      .withReducer(rootReducer, buyerState({ count: 2, ...before, load: { status: 'loaded', error: null } }))
      .provide([[matchers.call.fn(updateCartItem), throwError(overStock)], [matchers.call.fn(fetchCart), before], notifyQuietly])
      .call(notify, 'No hay stock suficiente de Chaqueta Cortaviento talla L: disponible 3', 'error')
      .dispatch(cartQuantityChanged({ id: 102, quantity: 3 }))
      .silentRun(50);
    expect(storeState.cart.items[1].quantity).toBe(1);
    expect(storeState.cart.busy).toEqual({});
  });

  it('refresh requested: count and lines', async () => {
    const { storeState } = await expectSaga(cartSaga)
      .withReducer(rootReducer, buyerState({ count: 5 }))
      .provide([[matchers.call.fn(fetchCartCount), 1], [matchers.call.fn(fetchCart), cartOf([chaqueta])]])
      .dispatch(cartRefreshRequested())
      .silentRun(50);
    expect(storeState.cart).toMatchObject({ count: 1, items: [chaqueta], load: { status: 'loaded' } });
  });

  it('Realizar Reserva: marker X kept in the store (so in session storage) and the order summary', async () => {
    const { storeState } = await expectSaga(cartSaga)
      .withReducer(rootReducer, buyerState())
      .provide([[matchers.call.fn(navigateTo), undefined]])
      .call(navigateTo, '/user/sumary-order')
      .dispatch(cartCheckoutChosen({ reserve: true }))
      .silentRun(50);
    expect(storeState.kept.reserve).toBe('X');
  });

  it('the root saga keeps its watchers after a worker throws unexpectedly', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { storeState } = await expectSaga(cartSaga)
      .withReducer(rootReducer, buyerState())
      .provide({
        call(effect, next) {
          if (effect.fn === notify) throw new Error('no snackbar');
          if (effect.fn === addCartItem) return polera;
          if (effect.fn === fetchCartCount) return 4;
          return next();
        },
      })
      .dispatch(cartItemsAddRequested({ items: [{ sku: 'POL-1003-M', quantity: 1 }] }))
      .dispatch(cartIconShown())
      .silentRun(50);
    expect(storeState.cart.count).toBe(4);
  });
});
