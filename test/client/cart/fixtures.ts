import { rootReducer, type RootState } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import { initialCartState, type CartState } from '@client/features/cart/cartSlice';
import type { CartItem, CartResponse } from '@shared/api/cart';
import { orderTotals, priceLine } from '@shared/pricing';
import { sessionOf } from '../renderWithProviders';

// The buyer of sessionOf('USER') (id 12) has a 4 % loyalty discount (descFidel).
export const LOYALTY = 4;

type LineInput = Omit<CartItem, keyof ReturnType<typeof priceLine> | 'userId' | 'percentageLoyalty' | 'offer'>;

/** A line priced the way the server prices it. */
export function line(input: LineInput): CartItem {
  return {
    ...input,
    ...priceLine({ price: input.price, quantity: input.quantity, offerPct: input.percentageOffer, loyaltyPct: LOYALTY }),
    offer: input.percentageOffer > 0,
    percentageLoyalty: LOYALTY,
    userId: 12,
  };
}

/** 2 × $9.990 without offer: P. Distrib. $9.590, line $19.180. */
export const polera = line({
  id: 101,
  sku: 'POL-1003-M',
  style: 'POL-1003',
  name: 'Polera Dry Fit Deportiva',
  size: 'M',
  quantity: 2,
  price: 9990,
  stock: 12,
  urlImageMain: '/files/products/POL-1003-1.jpg',
  percentageOffer: 0,
});

/** 1 × $24.990 with a 20 % offer: P. Oferta $19.992, P. Distrib. $19.192. */
export const chaqueta = line({
  id: 102,
  sku: 'CHA-2001-L',
  style: 'CHA-2001',
  name: 'Chaqueta Cortaviento',
  size: 'L',
  quantity: 1,
  price: 24990,
  stock: 3,
  urlImageMain: '/files/products/CHA-2001-1.jpg',
  percentageOffer: 20,
});

/** What GET find-by-userid answers for these lines. */
export const cartOf = (items: CartItem[]): CartResponse => ({ items, totals: orderTotals(items, LOYALTY) });

export const cartState = (patch: Partial<CartState> = {}): CartState => ({ ...initialCartState, ...patch });

/** The whole store of a logged-in buyer (user id 12) with this cart. */
export const buyerState = (cart: Partial<CartState> = {}): RootState => ({
  ...rootReducer(undefined, { type: '@@init' }),
  session: sessionOf('USER'),
  cart: cartState(cart),
});

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type FetchArgs = [string, RequestInit?];
type Override = (init?: RequestInit) => Response | Promise<Response>;

/**
 * A fetch that behaves like the cart API of user 12, holding `initial` lines: POST adds (by sku), PUT sets a
 * quantity, DELETE removes, GET answers lines with totals and the count. `overrides` by 'METHOD /api/path'.
 */
export function fakeCartApi(initial: CartItem[] = [polera, chaqueta], overrides: Record<string, Override> = {}) {
  let items = [...initial];
  const reprice = (item: CartItem, quantity: number) => line({ ...item, quantity });
  const fetchMock = jest.fn<Promise<Response>, FetchArgs>(async (url, init) => {
    const method = init?.method ?? 'GET';
    const key = `${method} ${url}`;
    if (overrides[key]) return overrides[key](init);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (key === 'GET /api/user/cart/find-by-userid/12') return json(200, cartOf(items));
    if (key === 'GET /api/user/cart/count-cart/12') return json(200, items.length);
    if (key === 'PUT /api/user/cart') {
      const found = items.find((i) => i.id === body.id);
      if (!found) return json(404, { status: 404, message: 'El producto no está en el carro' });
      const updated = reprice(found, body.quantity);
      items = items.map((i) => (i.id === body.id ? updated : i));
      return json(200, updated);
    }
    if (key === 'POST /api/user/cart') {
      const found = items.find((i) => i.sku === body.sku);
      const added = found ? reprice(found, found.quantity + body.quantity) : reprice({ ...polera, id: 900 + items.length, sku: body.sku }, body.quantity);
      items = found ? items.map((i) => (i.id === found.id ? added : i)) : [...items, added];
      return json(201, added);
    }
    const deleted = /^DELETE \/api\/user\/cart\/(\d+)$/.exec(key);
    if (deleted) {
      items = items.filter((i) => i.id !== Number(deleted[1]));
      return new Response(null, { status: 204 });
    }
    return json(404, { status: 404, message: 'Recurso no encontrado' });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export const callsTo = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]: FetchArgs) => url === path && (init?.method ?? 'GET') === method);

/** A promise that never settles: a request still on its way. */
export const pending = () => new Promise<Response>(() => undefined);
