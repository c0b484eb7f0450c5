import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../renderWithProviders';

type FetchArgs = [string, RequestInit];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: jest.Mock<Promise<Response>, FetchArgs>;
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
  fetchMock = jest.fn<Promise<Response>, FetchArgs>();
  global.fetch = fetchMock as unknown as typeof fetch;
});

const rutField = () => screen.findByRole('textbox', { name: 'Rut Empresa' });
const passwordField = () => screen.getByLabelText(/^Contraseña/);

describe('Login screen (/login)', () => {
  it('shows the spec messages when submitted empty', async () => {
    const { user } = renderWithProviders({ route: '/login' });
    await rutField();
    await user.click(screen.getByRole('button', { name: 'Acceder' }));
    expect(await screen.findByText('Rut de Empresa es requerido')).toBeInTheDocument();
    expect(screen.getByText('La password es requerida')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a rut whose check digit does not match', async () => {
    const { user } = renderWithProviders({ route: '/login' });
    await user.type(await rutField(), '761234561');
    await user.type(passwordField(), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Acceder' }));
    expect(await screen.findByText('Rut de Empresa es invalido')).toBeInTheDocument();
  });

  it('formats the rut while typing: dotted digits, dash, upper-case check digit', async () => {
    const { user } = renderWithProviders({ route: '/login' });
    const rut = await rutField();
    await user.type(rut, '7612');
    expect(rut).toHaveValue('761-2');
    await user.clear(rut);
    await user.type(rut, '77345678k');
    expect(rut).toHaveValue('77.345.678-K');
  });

  it('shows and hides the password', async () => {
    const { user } = renderWithProviders({ route: '/login' });
    await rutField();
    expect(passwordField()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  it('logs a buyer in: compact rut sent, spinner while waiting, home with the cart afterwards', async () => {
    let answerLogin: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation((url) => {
      if (url === '/api/security/login') return new Promise<Response>((resolve) => (answerLogin = resolve));
      if (url === '/api/user/b1/profile/12')
        return Promise.resolve(json(200, { morosidad: 'Sin Bloqueo', interes: 'Sin Bloqueo', protesto: 'Sin Bloqueo', prorroga: 'Sin Bloqueo' }));
      return Promise.resolve(json(404, { status: 404, message: 'Recurso no encontrado' }));
    });
    const { user, store, router } = renderWithProviders({ route: '/login' });
    await user.type(await rutField(), '761234560');
    await user.type(passwordField(), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Acceder' }));

    expect(await screen.findByRole('progressbar', { name: 'Ingresando' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acceder' })).toBeDisabled();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/security/login')!;
    expect(JSON.parse(String(init.body))).toEqual({ username: '76123456-0', password: 'Demo1234' });
    expect((init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('test-xsrf');

    answerLogin(json(200, { token: 'jwt-b', id: 12, type: 'USER', userActive: true, changePassword: true }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().session).toMatchObject({ isAuthenticated: true, isUser: true });
    expect(screen.getByRole('button', { name: /^Carro de compras/ })).toBeInTheDocument();
    const profileCall = fetchMock.mock.calls.find(([url]) => url === '/api/user/b1/profile/12')!;
    expect((profileCall[1].headers as Record<string, string>).Authorization).toBe('jwt-b');
  });

  it('shows Usuario o password erronea on a 401', async () => {
    fetchMock.mockResolvedValue(json(401, { status: 401, message: 'Usuario o password erronea' }));
    const { user, router } = renderWithProviders({ route: '/login' });
    await user.type(await rutField(), '761234560');
    await user.type(passwordField(), 'mala');
    await user.click(screen.getByRole('button', { name: 'Acceder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuario o password erronea');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('tells an inactive user to contact the executive and stays out', async () => {
    fetchMock.mockResolvedValue(json(200, { token: '', id: 12, type: 'USER', userActive: false, changePassword: true }));
    const { user, router, store } = renderWithProviders({ route: '/login' });
    await user.type(await rutField(), '761234560');
    await user.type(passwordField(), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Acceder' }));
    // sent home, and home sends an anonymous visitor back to /login: the login screen is drawn again, so the message
    // is awaited on the screen the visitor ends on, not on the one that may be replaced
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
      expect(screen.getByText('Usuario inactivo, comunicarse con ejecutivo(a)')).toBeInTheDocument();
    });
    expect(store.getState().session.isAuthenticated).toBe(false);
    // the form drawn again keeps the rut tried (not the password)
    expect(screen.getByRole('textbox', { name: 'Rut Empresa' })).toHaveValue('76.123.456-0');
    expect(passwordField()).toHaveValue('');
  });

  it('sends a must-change user to /change-password with the rut fixed, storing nothing', async () => {
    fetchMock.mockResolvedValue(json(200, { token: '', id: 12, type: 'USER', userActive: true, changePassword: false }));
    const { user, router } = renderWithProviders({ route: '/login' });
    await user.type(await rutField(), '761234560');
    await user.type(passwordField(), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Acceder' }));
    expect(await screen.findByRole('heading', { name: 'Cambio de contraseña' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
    const rut = screen.getByRole('textbox', { name: 'Rut Empresa' });
    expect(rut).toHaveValue('76.123.456-0');
    expect(rut).toHaveAttribute('readonly');
    expect(sessionStorage.getItem('tokens')).toBeNull();
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Mi cuenta' })).not.toBeInTheDocument();
  });

  it('shows the server message for other errors (429) and enables Acceder again', async () => {
    fetchMock.mockResolvedValue(json(429, { status: 429, message: 'Demasiados intentos de acceso. Espera unos minutos e inténtalo de nuevo.' }));
    const { user } = renderWithProviders({ route: '/login' });
    await user.type(await rutField(), '761234560');
    await user.type(passwordField(), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Acceder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos de acceso. Espera unos minutos e inténtalo de nuevo.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Acceder' })).toBeEnabled());
  });
});
