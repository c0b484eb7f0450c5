import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { anonymousSession } from '@client/features/session/sessionSlice';
import { setPageLoader } from '@client/app/navigation';

// /login is a page of its own: the SPA reaching it loads that page (recorded here; jsdom loads none)
let loaded: string[] = [];
beforeEach(() => {
  loaded = [];
  setPageLoader((to) => loaded.push(to));
});
const loginShown = () => waitFor(() => expect(loaded).toEqual(['/login']));

describe('route guards (R-NAV-1)', () => {
  it.each(['/', '/profile', '/user/catalog', '/user/cart-detail', '/user/product-detail/POL-001-M', '/user/purchase-history'])(
    'sends an anonymous visitor from %s to /login',
    async (route) => {
      const { router } = renderWithProviders({ route });
      await loginShown();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it.each(['/change-password', '/session-expired', '/user/user-creation-req', '/payment', '/payment-verification', '/return', `/pagar/${'A'.repeat(43)}`])(
    'lets an anonymous visitor open %s',
    async (route) => {
      const { router } = renderWithProviders({ route });
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(route);
    },
  );

  it('sends a buyer on /admin/product to /login', async () => {
    const { router } = renderWithProviders({ route: '/admin/product', preloadedState: { session: sessionOf('USER') } });
    await loginShown();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends an anonymous visitor on /admin/user to /login', async () => {
    const { router } = renderWithProviders({ route: '/admin/user' });
    await loginShown();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['ADMIN', 'SUPERADMIN'] as const)('lets %s reach /admin/product', async (role) => {
    const { router } = renderWithProviders({ route: '/admin/product', preloadedState: { session: sessionOf(role) } });
    expect(await screen.findByRole('heading', { name: 'Administración Productos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/product');
  });

  it('lets a buyer reach a guarded route', async () => {
    renderWithProviders({ route: '/user/cart-detail', preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByRole('heading', { name: 'Carro' })).toBeInTheDocument();
    expect(screen.queryByText('Sección en construcción')).not.toBeInTheDocument();
  });

  it('sends any unknown path to /login, logged in or not', async () => {
    const first = renderWithProviders({ route: '/no/existe' });
    await loginShown();
    expect(first.router.state.location.pathname).toBe('/login');
    first.unmount();
    loaded = [];
    const second = renderWithProviders({ route: '/admin', preloadedState: { session: sessionOf('ADMIN') } });
    await loginShown();
    expect(second.router.state.location.pathname).toBe('/login');
  });

  it('shows /session-expired after a session ended by a 401', async () => {
    const { router } = renderWithProviders({ route: '/user/catalog', preloadedState: { session: { ...anonymousSession, expired: true } } });
    expect(await screen.findByText('Tu sesión expiró o no es válida. Vuelve a ingresar.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/session-expired');
    expect(screen.getByRole('link', { name: 'Volver a ingresar' })).toHaveAttribute('href', '/login');
  });

  it('a 401 on an authenticated call ends the session and shows /session-expired', async () => {
    global.fetch = jest.fn().mockResolvedValue(
      new Response(JSON.stringify({ status: 401, message: 'Debe iniciar sesión' }), { status: 401, headers: { 'content-type': 'application/json' } }),
    ) as unknown as typeof fetch;
    // the shell asks for the cart count as soon as a buyer's cart icon shows: its 401 ends the session
    const { router, store } = renderWithProviders({ route: '/user/catalog', preloadedState: { session: sessionOf('USER') } });
    await waitFor(() => expect(global.fetch).toHaveBeenCalledWith('/api/user/cart/count-cart/12', expect.anything()));
    expect(await screen.findByRole('heading', { name: 'Sesión expirada' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/session-expired');
    expect(store.getState().session.isAuthenticated).toBe(false);
  });
});

describe("the screens of a role inside the company (docs/company-people.md)", () => {
  it.each([
    ['FINANZAS', '/user/cart-detail', 'Su rol en la empresa no permite comprar: pida a un comprador o al administrador de la empresa'],
    ['APROBADOR', '/user/quick-order', 'Su rol en la empresa no permite comprar: pida a un comprador o al administrador de la empresa'],
    ['COMPRADOR', '/user/pending-payments', 'Su rol en la empresa no permite ver ni pagar facturas'],
    ['APROBADOR', '/user/purchase-history', 'Su rol en la empresa no permite ver ni pagar facturas'],
  ] as const)('tells a %s on %s what the role does not allow, and shows nothing of the screen', async (companyRole, route, message) => {
    const { router } = renderWithProviders({ route, preloadedState: { session: sessionOf('USER', undefined, companyRole) } });
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    // the page says so under its own heading (where the focus goes), and shows nothing of the screen
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Sección no disponible para su rol']);
    expect(router.state.location.pathname).toBe(route);
  });

  it.each([
    ['COMPRADOR', '/user/cart-detail', 'Carro'],
    ['FINANZAS', '/user/pending-payments', 'Pagos Pendientes'],
    ['ADMINISTRADOR', '/user/pending-payments', 'Pagos Pendientes'],
  ] as const)('lets a %s open %s', async (companyRole, route, heading) => {
    renderWithProviders({ route, preloadedState: { session: sessionOf('USER', undefined, companyRole) } });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
