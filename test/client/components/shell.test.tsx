import { initialCartState } from '@client/features/cart/cartSlice';
import { render, screen, waitFor, within } from '@testing-library/react';
import { setPageLoader } from '@client/app/navigation';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { MessageBar } from '@client/components/MessageBar';
import { renderWithProviders, buyerProfile, sessionOf } from '../renderWithProviders';
import { asPhone } from '../viewport';

const sidebar = () => within(screen.getByRole('navigation', { name: 'Menú principal' }));
const sidebarLinks = () => sidebar().getAllByRole('link').map((link) => link.textContent);

describe('sidebar per role', () => {
  it('anonymous: only the customer-creation request', async () => {
    renderWithProviders({ route: '/session-expired' });
    await screen.findByRole('heading', { name: 'Sesión expirada' });
    expect(sidebarLinks()).toEqual(['Solicitud creación de cliente']);
    expect(sidebar().getByRole('link', { name: 'Solicitud creación de cliente' })).toHaveAttribute('href', '/user/user-creation-req');
  });

  it('buyer: Home, Catálogo, Próxima temporada, Pedido rápido, Listas guardadas, Lista de precios, Cuenta corriente, Pagos pendientes, Historial de compra, Mis pedidos', async () => {
    renderWithProviders({ route: '/', preloadedState: { session: sessionOf('USER') } });
    await screen.findByRole('heading', { name: 'Home' });
    // the company login is its Administrador: it manages the people and may approve
    expect(sidebarLinks()).toEqual(['Home', 'Catálogo', 'Próxima temporada', 'Pedido rápido', 'Listas guardadas', 'Lista de precios', 'Cuenta corriente', 'Pagos pendientes', 'Historial de compra', 'Mis pedidos', 'Mi empresa: Personas', 'Mi empresa: Por aprobar']);
    expect(sidebar().getByRole('link', { name: 'Mis pedidos' })).toHaveAttribute('href', '/user/orders');
    // the saved lists (docs/saved-lists.md), beside quick order
    expect(sidebar().getByRole('link', { name: 'Listas guardadas' })).toHaveAttribute('href', '/user/listas');
    // the styles whose stock is only on its way, beside the catalogue (docs/incoming.md)
    expect(sidebar().getByRole('link', { name: 'Próxima temporada' })).toHaveAttribute('href', '/user/proxima-temporada');
    // the company's prices as XLSX or PDF (docs/linesheet.md)
    expect(sidebar().getByRole('link', { name: 'Lista de precios' })).toHaveAttribute('href', '/user/linesheet');
  });

  it.each(['ADMIN', 'SUPERADMIN'] as const)('%s: Home, Catálogo, Próxima temporada, the four administrations, sending a line sheet and the operations screens', async (role) => {
    renderWithProviders({ route: '/', preloadedState: { session: sessionOf(role) } });
    await screen.findByRole('heading', { name: 'Home' });
    expect(sidebarLinks()).toEqual([
      'Home',
      'Catálogo',
      'Próxima temporada',
      'Administración Productos',
      'Administración Usuarios',
      'Administración Notificaciones',
      'Administración Banner',
      'Enviar lista de precios',
      'Pedidos',
      'Trabajos ERP',
      'Auditoría',
    ]);
    expect(sidebar().getByRole('link', { name: 'Administración Banner' })).toHaveAttribute('href', '/admin/banner');
    expect(sidebar().getByRole('link', { name: 'Enviar lista de precios' })).toHaveAttribute('href', '/admin/linesheet');
    expect(sidebar().getByRole('link', { name: 'Trabajos ERP' })).toHaveAttribute('href', '/admin/jobs');
  });

  it('is a temporary drawer behind a menu button on phones', async () => {
    const restore = asPhone();
    try {
      const { user, router } = renderWithProviders({ route: '/', preloadedState: { session: sessionOf('USER') } });
      await screen.findByRole('heading', { name: 'Home' });
      expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
      await user.click(sidebar().getByRole('link', { name: 'Catálogo' }));
      expect(router.state.location.pathname).toBe('/user/catalog');
    } finally {
      restore();
    }
  });
});

describe('top bar per role', () => {
  it('anonymous: no search box, no cart, no account menu', async () => {
    renderWithProviders({ route: '/session-expired' });
    await screen.findByRole('heading', { name: 'Sesión expirada' });
    const bar = within(screen.getByRole('banner'));
    expect(bar.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(bar.queryByRole('button', { name: /^Carro de compras/ })).not.toBeInTheDocument();
    expect(bar.queryByRole('button', { name: 'Mi cuenta' })).not.toBeInTheDocument();
    expect(bar.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
  });

  it('buyer: search box that holds text, cart with a 0 badge, account menu with Mi perfil', async () => {
    const { user } = renderWithProviders({ route: '/', preloadedState: { session: sessionOf('USER') } });
    await screen.findByRole('heading', { name: 'Home' });
    const bar = within(screen.getByRole('banner'));
    const search = bar.getByRole('searchbox', { name: 'Buscar productos' });
    await user.type(search, 'polera');
    expect(search).toHaveValue('polera');
    const cart = bar.getByRole('button', { name: /^Carro de compras/ });
    expect(cart).toHaveTextContent('0');
    await user.click(bar.getByRole('button', { name: 'Mi cuenta' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Mi perfil', 'Cambiar contraseña', 'Cerrar sesión']);
  });

  it('admin: no cart and no Mi perfil', async () => {
    const { user } = renderWithProviders({ route: '/', preloadedState: { session: sessionOf('ADMIN') } });
    await screen.findByRole('heading', { name: 'Home' });
    const bar = within(screen.getByRole('banner'));
    expect(bar.getByRole('searchbox', { name: 'Buscar productos' })).toBeInTheDocument();
    expect(bar.queryByRole('button', { name: /^Carro de compras/ })).not.toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Mi cuenta' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Cambiar contraseña', 'Cerrar sesión']);
  });

  it('blocked buyer: a crossed-out cart instead of the cart', async () => {
    const blocked = { ...buyerProfile, morosidad: 'Moroso' };
    renderWithProviders({ route: '/', preloadedState: { session: sessionOf('USER', blocked) } });
    await screen.findByRole('heading', { name: 'Home' });
    const bar = within(screen.getByRole('banner'));
    expect(bar.queryByRole('button', { name: /^Carro de compras/ })).not.toBeInTheDocument();
    expect(bar.getByRole('img', { name: 'Carro bloqueado' })).toBeInTheDocument();
  });

  it('Cambiar contraseña opens /change-password with the rut of the session', async () => {
    const { user, router } = renderWithProviders({ route: '/', preloadedState: { session: sessionOf('USER') } });
    await screen.findByRole('heading', { name: 'Home' });
    await user.click(screen.getByRole('button', { name: 'Mi cuenta' }));
    await user.click(screen.getByRole('menuitem', { name: 'Cambiar contraseña' }));
    expect(await screen.findByRole('heading', { name: 'Cambio de contraseña' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
    expect(screen.getByRole('textbox', { name: 'Rut Empresa' })).toHaveValue('76.123.456-0');
  });

  it('Cerrar sesión clears the session keys and goes to /login', async () => {
    for (const [key, value] of Object.entries({ tokens: 'token-USER', role: 'USER', idUser: '12', id: '12', username: '76123456-0', profile: '{}' }))
      sessionStorage.setItem(key, value);
    const { user, router, store } = renderWithProviders({ route: '/user/catalog', preloadedState: { session: sessionOf('USER'), cart: { ...initialCartState, count: 4 } } });
    await screen.findByRole('heading', { name: 'Catalogo' });
    await user.click(screen.getByRole('button', { name: 'Mi cuenta' }));
    const loaded: string[] = [];
    setPageLoader((to) => loaded.push(to));
    await user.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));
    // the login page, a page of its own, is loaded
    await waitFor(() => expect(loaded).toEqual(['/login']));
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().cart.count).toBe(0);
    for (const key of ['tokens', 'role', 'idUser', 'id', 'username', 'profile']) expect(sessionStorage.getItem(key)).toBeNull();
  });
});

describe('global message bar and confirm dialog', () => {
  it('shows the type as title, the text, and a refresh button', async () => {
    const onRefresh = jest.fn();
    render(<MessageBar message={{ tipoMessage: 'Error', message: ' Not found, intentelo mas tarde (B1) ' }} onRefresh={onRefresh} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Not found, intentelo mas tarde (B1)');
    await userEvent.click(within(alert).getByRole('button', { name: 'Recargar página' }));
    expect(onRefresh).toHaveBeenCalled();
  });

  it('shows the bar of the store in the shell', async () => {
    // a screen that loads nothing: the bar shows only what the store holds
    renderWithProviders({
      route: '/session-expired',
      preloadedState: { session: sessionOf('USER'), message: { current: { tipoMessage: 'Advertencia', message: 'Bloqueado para comprar, contactar ejecutiva(o)' } } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Advertencia');
    expect(alert).toHaveTextContent('Bloqueado para comprar, contactar ejecutiva(o)');
  });

  it('the close button dismisses the bar', async () => {
    const { store, user } = renderWithProviders({
      route: '/session-expired',
      preloadedState: { session: sessionOf('USER'), message: { current: { tipoMessage: 'Error', message: 'ERP no disponible, intentelo mas tarde (B1)' } } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('ERP no disponible');
    await user.click(screen.getByRole('button', { name: 'Cerrar mensaje' }));
    expect(screen.queryByText('ERP no disponible, intentelo mas tarde (B1)')).not.toBeInTheDocument();
    expect(store.getState().message.current).toBeNull();
  });

  it('ConfirmDialog without a negative text is an information dialog with one button', async () => {
    const onConfirm = jest.fn();
    render(<ConfirmDialog open title="Limite de Credito" text="Credito Disponible insuficiente" positiveText="Aceptar" onConfirm={onConfirm} onDecline={jest.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Limite de Credito' });
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Aceptar']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(onConfirm).toHaveBeenCalled();
  });

  it('ConfirmDialog: title, text, positive and negative buttons', async () => {
    const onConfirm = jest.fn();
    const onDecline = jest.fn();
    render(
      <ConfirmDialog open title="Deseas eliminar?" text="El banner se borrará" positiveText="Eliminar" negativeText="No eliminar" onConfirm={onConfirm} onDecline={onDecline} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Deseas eliminar?' });
    expect(dialog).toHaveTextContent('El banner se borrará');
    await userEvent.click(within(dialog).getByRole('button', { name: 'No eliminar' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(onDecline).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
