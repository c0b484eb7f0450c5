import { screen, within } from '@testing-library/react';
import type { BuyerOrderDetail } from '@shared/api/userOrders';
import type { OrderLine } from '@shared/api/orders';
import type { IncomingOrderFields } from '@client/features/userOrders/incomingOrder';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { mockFetch } from '../fetchMock';
import { ARRIVES, fixToday, LATER } from '../incomingFixtures';
import { asPhone } from '../viewport';

// Mis pedidos of an order with pre-order lines (docs/incoming.md): each line's date, a moved one in a warning, the
// shipping choice, and the list's mark of an order whose dates moved.

const line = (id: number, sku: string, over: Partial<OrderLine> = {}): OrderLine => ({
  id, sku, name: 'Chaqueta Térmica', size: sku.split('-').pop()!, quantity: 5, price: 29_990, percentageOffer: 0, percentageLoyalty: 0,
  priceFinalUnit: 29_990, priceFinal: 149_950, descLinea: 0, ...over,
});
const order = {
  id: 43,
  number: 'OC000043',
  orderType: 'ONLINE',
  paymentMethod: 'CREDIT',
  total: 713_762,
  createdAt: '2026-11-30T13:00:00.000Z',
  status: 'inErp',
  statusLabel: 'En SAP N° 5061',
  statusAt: '2026-11-30T13:00:05.000Z',
  erpDocNum: 5061,
  invoiceFolio: null,
  personName: '',
  personRut: '',
  repName: '',
  porLlegarMovido: true,
  steps: [{ key: 'received', label: 'Recibido', done: true, at: '2026-11-30T13:00:00.000Z' }],
  lines: [
    line(1, 'POL-1001-M', { name: 'Polera', llegada: null }),
    line(2, 'CHA-3003-XS', { llegada: ARRIVES }),
    line(3, 'CHA-3003-S', { llegada: ARRIVES, llegadaNueva: LATER }),
    line(4, 'CHA-3003-M', { llegada: ARRIVES, llegadaNueva: '' }),
  ],
  totals: { lines: 4, units: 20, net: 599_800, offerDiscount: 0, loyaltyDiscount: 0, loyaltyPct: 0, subtotal: 599_800, vat: 113_962, total: 713_762 },
  deliveryType: 'retiro',
  deliveryAddress: '',
  erpAvailable: true,
  buyerReference: '',
  requestedDeliveryDate: null,
  envioPorLlegar: 'JUNTO',
  payable: false,
} as BuyerOrderDetail & IncomingOrderFields;

beforeEach(() => fixToday());
afterEach(() => jest.useRealTimers());

describe('Mis pedidos: pre-order lines', () => {
  it("the detail: each pre-order line 'Llega el …', a moved one in a warning with its new date or none, and the shipping choice", async () => {
    mockFetch({ 'GET /user/orders/OC000043': order });
    renderWithProviders({ route: '/user/orders/OC000043', preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido OC000043' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Productos' });
    expect(within(table).getByRole('columnheader', { name: 'Llegada' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    // the on-hand line has no date; the others say theirs
    expect(rows[1]).toHaveTextContent('—');
    expect(rows[2]).toHaveTextContent('Llega el 15-ene');
    expect(within(rows[2]!).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(rows[3]!).getByRole('alert')).toHaveTextContent('Cambió la fecha de llegada: ahora llega el 3-feb');
    expect(within(rows[4]!).getByRole('alert')).toHaveTextContent('Sin fecha: te contactaremos');
    expect(screen.getByText('Despacho de lo que está por llegar')).toBeInTheDocument();
    expect(screen.getByText('Todo junto, cuando llegue lo último')).toBeInTheDocument();
  });

  it('on a phone each line is a card with its date', async () => {
    const restore = asPhone();
    try {
      mockFetch({ 'GET /user/orders/OC000043': order });
      renderWithProviders({ route: '/user/orders/OC000043', preloadedState: { session: sessionOf('USER') } });
      const list = await screen.findByRole('list', { name: 'Productos' });
      const cards = within(list).getAllByRole('listitem');
      expect(cards[1]).toHaveTextContent('Llega el 15-ene');
      expect(cards[3]).toHaveTextContent('Sin fecha: te contactaremos');
    } finally {
      restore();
    }
  });

  it('an order without pre-order lines has no Llegada column', async () => {
    mockFetch({ 'GET /user/orders/OC000043': { ...order, lines: [order.lines[0]], envioPorLlegar: null, porLlegarMovido: false } });
    renderWithProviders({ route: '/user/orders/OC000043', preloadedState: { session: sessionOf('USER') } });
    const table = await screen.findByRole('table', { name: 'Productos' });
    expect(within(table).queryByRole('columnheader', { name: 'Llegada' })).not.toBeInTheDocument();
    expect(screen.queryByText('Despacho de lo que está por llegar')).not.toBeInTheDocument();
  });

  it("the list marks an order whose pre-order dates moved: 'Llegada cambiada'", async () => {
    mockFetch({ 'GET /user/orders': { rows: [order, { ...order, id: 44, number: 'OC000044', porLlegarMovido: false }], total: 2, page: 0, pageSize: 10, erpAvailable: true } });
    renderWithProviders({ route: '/user/orders', preloadedState: { session: sessionOf('USER') } });
    const grid = await screen.findByRole('grid', { name: 'Mis pedidos del portal' });
    const moved = (await within(grid).findByText('OC000043')).closest('[role="row"]') as HTMLElement;
    const kept = within(grid).getByText('OC000044').closest('[role="row"]') as HTMLElement;
    expect(within(moved).getByText('Llegada cambiada')).toBeInTheDocument();
    expect(within(kept).queryByText('Llegada cambiada')).not.toBeInTheDocument();
  });
});
