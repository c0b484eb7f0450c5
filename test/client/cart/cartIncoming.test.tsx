import { screen, within } from '@testing-library/react';
import type { CartItem } from '@shared/api/cart';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { ARRIVES, eachTestOnToday } from '../incomingFixtures';
import { chaqueta, fakeCartApi, line, polera } from './fixtures';

// The cart with pre-order lines (docs/incoming.md): apart under 'Por llegar', each with its date, their quantity up to
// what arrives; what is on hand under 'Disponible ahora'. The totals stay the server's.

/** 20 units of POL-1003 M arriving (the same size also on hand: one line each), 60 free to promise. */
const preorder: CartItem = { ...line({ ...polera, id: 201, quantity: 20, stock: 60 }), porLlegar: true, llegada: ARRIVES };

eachTestOnToday();

describe('cart detail with pre-order lines', () => {
  it("lists them apart under 'Por llegar' with 'Llega el …', on-hand lines under 'Disponible ahora'", async () => {
    fakeCartApi([polera, chaqueta, preorder]);
    const { user } = renderWithProviders({ route: '/user/cart-detail', preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Disponible ahora' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Por llegar' })).toBeInTheDocument();
    const now = screen.getByRole('list', { name: 'Productos del carro' });
    const incoming = screen.getByRole('list', { name: 'Productos del carro (por llegar)' });
    expect(within(now).getAllByRole('listitem')).toHaveLength(2);
    const item = within(incoming).getByRole('listitem', { name: 'Polera Dry Fit Deportiva talla M (por llegar)' });
    expect(within(item).getByText('Llega el 15-ene')).toBeInTheDocument();
    expect(within(now).queryByText(/Llega el/)).not.toBeInTheDocument();
    // the quantity goes up to what arrives, not to the stock on hand (12)
    const quantity = within(item).getByRole('spinbutton', { name: 'Cantidad Polera Dry Fit Deportiva talla M (por llegar)' });
    expect(quantity).toHaveAttribute('max', '60');
    await user.clear(quantity);
    await user.type(quantity, '45{Enter}');
    expect(await within(item).findByDisplayValue('45')).toBeInTheDocument();
    expect(await screen.findByText('3 Productos')).toBeInTheDocument();
  });

  it('a cart without pre-order lines shows no headings', async () => {
    fakeCartApi([polera, chaqueta]);
    renderWithProviders({ route: '/user/cart-detail', preloadedState: { session: sessionOf('USER') } });
    await screen.findByRole('list', { name: 'Productos del carro' });
    expect(screen.queryByRole('heading', { name: 'Disponible ahora' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Por llegar' })).not.toBeInTheDocument();
  });

  it("the drawer says a pre-order line's date too", async () => {
    fakeCartApi([polera, preorder]);
    const { user } = renderWithProviders({ route: '/', preloadedState: { session: sessionOf('USER') } });
    await user.click(await screen.findByRole('button', { name: /^Carro de compras/ }));
    const drawer = await screen.findByRole('dialog');
    const item = await within(drawer).findByRole('listitem', { name: 'Polera Dry Fit Deportiva talla M (por llegar)' });
    expect(within(item).getByText('Llega el 15-ene')).toBeInTheDocument();
  });
});
