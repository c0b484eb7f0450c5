import { render, screen, within } from '@testing-library/react';
import type { OrderLine } from '@shared/api/orders';
import type { BuyerOrderDetail } from '@shared/api/userOrders';
import { OrderLinesTable } from '@client/components/OrderLinesTable';
import { mockFetch } from '../fetchMock';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { asPhone, widthIs } from '../viewport';

// An order's lines (the buyer's 'Mis pedidos' detail, the admin's order detail): the table from 600 px up, and on a
// phone one card per line, stacked, with the same Spanish names, so nothing scrolls sideways at 375 px.

const lines: OrderLine[] = [
  { id: 1, sku: 'POL-1001-M', name: 'Polera Básica Algodón', size: 'M', quantity: 24, price: 5990, percentageOffer: 10, percentageLoyalty: 4, priceFinalUnit: 5175, priceFinal: 124_200, descLinea: 14 },
  { id: 2, sku: 'GOR-3001', name: 'Gorro Lana', size: '', quantity: 3, price: 4990, percentageOffer: 0, percentageLoyalty: 0, priceFinalUnit: 4990, priceFinal: 14_970, descLinea: 0 },
];

/** A card's label and value pairs, in order. */
const fieldsOf = (card: HTMLElement) => {
  const names = within(card).getAllByRole('term').map((dt) => dt.textContent);
  const values = within(card).getAllByRole('definition').map((dd) => dd.textContent);
  return names.map((name, i) => [name, values[i]]);
};

describe('OrderLinesTable', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('from 600 px up: the table, its Spanish columns in order', () => {
    restore = widthIs(1366);
    render(<OrderLinesTable lines={lines} label="Productos" />);
    const table = screen.getByRole('table', { name: 'Productos' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sku', 'Producto', 'Talla', 'Cantidad', 'Precio lista', 'Descuento', 'Precio unitario', 'Total']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('at 375 px: one card per line, titled by the product, every value under its column name; no table', () => {
    restore = asPhone();
    render(<OrderLinesTable lines={lines} label="Productos" />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Productos' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAccessibleName('Polera Básica Algodón');
    expect(fieldsOf(cards[0]!)).toEqual([
      ['Sku', 'POL-1001-M'],
      ['Talla', 'M'],
      ['Cantidad', '24'],
      ['Precio lista', '$5.990'],
      ['Descuento', '10 % + 4 %'],
      ['Precio unitario', '$5.175'],
      ['Total', '$124.200'],
    ]);
    // a line without a size or a discount does not show them empty
    expect(cards[1]).toHaveAccessibleName('Gorro Lana');
    expect(fieldsOf(cards[1]!).map(([name]) => name)).toEqual(['Sku', 'Cantidad', 'Precio lista', 'Precio unitario', 'Total']);
  });

  it('at 375 px with no lines: the empty text', () => {
    restore = asPhone();
    render(<OrderLinesTable lines={[]} label="Productos" />);
    expect(screen.getByText('El pedido no tiene productos')).toBeInTheDocument();
  });
});

describe("'Mis pedidos' order detail at 375 px", () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
    restore = asPhone();
  });
  afterEach(() => restore());

  it('the products as stacked cards', async () => {
    const order = {
      id: 42,
      number: 'OC000042',
      orderType: 'ONLINE',
      paymentMethod: 'CREDIT',
      total: 165_251,
      createdAt: '2026-11-27T13:00:00.000Z',
      status: 'received',
      statusLabel: 'Recibido',
      statusAt: '2026-11-27T13:00:00.000Z',
      erpDocNum: null,
      invoiceFolio: null,
      steps: [{ key: 'received', label: 'Recibido', done: true, at: '2026-11-27T13:00:00.000Z' }],
      lines,
      totals: { lines: 2, units: 27, net: 138_870, offerDiscount: 0, loyaltyDiscount: 0, loyaltyPct: 0, subtotal: 138_870, vat: 26_385, total: 165_255 },
      deliveryType: 'retiro',
      deliveryAddress: '',
      erpAvailable: true,
      buyerReference: '',
      requestedDeliveryDate: null,
    } as BuyerOrderDetail;
    mockFetch({ 'GET /user/orders/OC000042': order });
    renderWithProviders({ route: '/user/orders/OC000042', preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido OC000042' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Productos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('listitem', { name: 'Polera Básica Algodón' })).toHaveTextContent('POL-1001-M');
    expect(screen.queryByRole('table', { name: 'Productos' })).not.toBeInTheDocument();
  });
});
