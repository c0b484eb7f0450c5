import { screen, waitFor } from '@testing-library/react';
import { renderLoginPage } from '../renderWithProviders';

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

// /login is a page of its own (src/client/login): where it leads is a page load of the SPA, recorded by the helper.
describe('Login page (/login)', () => {
  it('shows the spec messages when submitted empty', async () => {
    const { user } = renderLoginPage();
    await rutField();
    await user.click(screen.getByRole('button', { name: 'Acceder' }));
    expect(await screen.findByText('Rut de Empresa es requerido')).toBeInTheDocument();
    expect(screen.getByText('La password es requerida')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("tells the people of a company to log in with their personal rut (the field's description)", async () => {
    renderLoginPage();
    expect(await rutField()).toHaveAccessibleDescription('Ej: 76.123.456-0. Personas de una empresa: su rut personal');
  });

  it('rejects a rut whose check digit does not match', async () => {
    const { user } = renderLoginPage();
    await user.type(await rutField(), '761234561');
    await user.type(passwordField(), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Acceder' }));
    expect(await screen.findByText('Rut de Empresa es invalido')).toBeInTheDocument();
  });

  it('formats the rut while typing: dotted digits, dash, upper-case check digit', async () => {
    const { user } = renderLoginPage();
    const rut = await rutField();
    await user.type(rut, '7612');
    expect(rut).toHaveValue('761-2');
    await user.clear(rut);
    await user.type(rut, '77345678k');
    expect(rut).toHaveValue('77.345.678-K');
  });

  it('shows and hides the password', async () => {
    const { user } = renderLoginPage();
    await rutField();
    expect(passwordField()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  it('logs a buyer in: compact rut sent, spinner while waiting, session and profile stored, then home', async () => {
    let answerLogin: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation((url) => {
      if (url === '/api/security/login') return new Promise<Response>((resolve) => (answerLogin = resolve));
      if (url === '/api/user/b1/profile/12')
        return Promise.resolve(json(200, { morosidad: 'Sin Bloqueo', interes: 'Sin Bloqueo', protesto: 'Sin Bloqueo', prorroga: 'Sin Bloqueo' }));
      return Promise.resolve(json(404, { status: 404, message: 'Recurso no encontrado' }));
    });
    const { user, store, navigations } = renderLoginPage();
    await user.type(await rutField(), '761234560');
    await user.type(passwordField(), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Acceder' }));

    expect(await screen.findByRole('progressbar', { name: 'Ingresando' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acceder' })).toBeDisabled();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/security/login')!;
    expect(JSON.parse(String(init.body))).toEqual({ username: '76123456-0', password: 'Demo1234' });
    expect((init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('test-xsrf');

    answerLogin(json(200, { token: 'jwt-b', id: 12, type: 'USER', userActive: true, changePassword: true }));
    await waitFor(() => expect(navigations).toEqual([{ to: '/', options: undefined }]));
    expect(store.getState().session).toMatchObject({ isAuthenticated: true, isUser: true });
    // what the SPA's page reads when it loads: the session and the profile in session storage
    expect(sessionStorage.getItem('tokens')).toBe('jwt-b');
    expect(JSON.parse(sessionStorage.getItem('profile') ?? 'null')).toMatchObject({ morosidad: 'Sin Bloqueo' });
    const profileCall = fetchMock.mock.calls.find(([url]) => url === '/api/user/b1/profile/12')!;
    expect((profileCall[1].headers as Record<string, string>).Authorization).toBe('jwt-b');
  });

  it('shows Usuario o password erronea on a 401, and stays', async () => {
    fetchMock.mockResolvedValue(json(401, { status: 401, message: 'Usuario o password erronea' }));
    const { user, navigations } = renderLoginPage();
    await user.type(await rutField(), '761234560');
    await user.type(passwordField(), 'mala');
    await user.click(screen.getByRole('button', { name: 'Acceder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuario o password erronea');
    expect(navigations).toEqual([]);
    await waitFor(() => expect(passwordField()).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: 'Rut Empresa' })).toHaveValue('76.123.456-0');
    // the message closes
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells an inactive user to contact the executive and stays out, on the login page with the rut tried', async () => {
    sessionStorage.setItem('tokens', 'old');
    fetchMock.mockResolvedValue(json(200, { token: '', id: 12, type: 'USER', userActive: false, changePassword: true }));
    const { user, store, navigations } = renderLoginPage();
    await user.type(await rutField(), '761234560');
    await user.type(passwordField(), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Acceder' }));
    expect(await screen.findByText('Usuario inactivo, comunicarse con ejecutivo(a)')).toBeInTheDocument();
    expect(store.getState().session.isAuthenticated).toBe(false);
    expect(sessionStorage.getItem('tokens')).toBeNull();
    expect(navigations).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Rut Empresa' })).toHaveValue('76.123.456-0');
    // the password is typed again
    await waitFor(() => expect(passwordField()).toHaveValue(''));
  });

  it('sends a must-change user to /change-password with the rut as the location state, storing nothing', async () => {
    fetchMock.mockResolvedValue(json(200, { token: '', id: 12, type: 'USER', userActive: true, changePassword: false }));
    const { user, navigations } = renderLoginPage();
    await user.type(await rutField(), '761234560');
    await user.type(passwordField(), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Acceder' }));
    await waitFor(() => expect(navigations).toEqual([{ to: '/change-password', options: { state: { rut: '76123456-0', mustChange: true } } }]));
    expect(sessionStorage.getItem('tokens')).toBeNull();
  });

  it('shows the server message for other errors (429) and enables Acceder again', async () => {
    fetchMock.mockResolvedValue(json(429, { status: 429, message: 'Demasiados intentos de acceso. Espera unos minutos e inténtalo de nuevo.' }));
    const { user } = renderLoginPage();
    await user.type(await rutField(), '761234560');
    await user.type(passwordField(), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Acceder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos de acceso. Espera unos minutos e inténtalo de nuevo.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Acceder' })).toBeEnabled());
  });

  it('says once the toasts the SPA gave just before it led here, and no more on the next load', async () => {
    sessionStorage.setItem(
      'loginNotice',
      JSON.stringify([
        { message: 'Contraseña actualizada, ingresa con tu nueva contraseña', variant: 'success' },
        { message: 'No se pudo leer el perfil', variant: 'error' },
      ]),
    );
    const first = renderLoginPage();
    expect(await screen.findByRole('status')).toHaveTextContent('Contraseña actualizada, ingresa con tu nueva contraseña');
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo leer el perfil');
    expect(sessionStorage.getItem('loginNotice')).toBeNull();
    first.unmount();
    renderLoginPage();
    await rutField();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a refused submit takes the focus to the first field in error', async () => {
    const { user } = renderLoginPage();
    await user.type(passwordField(), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Acceder' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Rut Empresa' })).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Rut Empresa' })).toHaveAccessibleDescription('Rut de Empresa es requerido');
  });

  it('has the anonymous shell: home link, the menu with the customer request (opened by its button), change password', async () => {
    const { user } = renderLoginPage();
    await rutField();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
    const menu = screen.getByRole('button', { name: 'Abrir menú' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(menu).toHaveAttribute('aria-controls', nav.id);
    expect(screen.getByRole('link', { name: 'Solicitud creación de cliente' })).toHaveAttribute('href', '/user/user-creation-req');
    expect(screen.getByRole('link', { name: 'Cambiar contraseña' })).toHaveAttribute('href', '/change-password');
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toBeInTheDocument();
  });
});
