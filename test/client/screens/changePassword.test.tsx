import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, sessionOf } from '../renderWithProviders';

type FetchArgs = [string, RequestInit];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: jest.Mock<Promise<Response>, FetchArgs>;
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
  fetchMock = jest.fn<Promise<Response>, FetchArgs>();
  global.fetch = fetchMock as unknown as typeof fetch;
});

const rutField = () => screen.findByRole('textbox', { name: 'Rut Empresa' });
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

async function fill(user: ReturnType<typeof renderWithProviders>['user'], values: { rut?: string; current: string; password: string; confirm: string }) {
  if (values.rut) await user.type(await rutField(), values.rut);
  await user.type(field('Contraseña actual'), values.current);
  await user.type(field('Nueva contraseña'), values.password);
  await user.type(field('Confirmar contraseña'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
}

describe('Change password screen (/change-password)', () => {
  it('shows the title and every required message when submitted empty', async () => {
    const { user } = renderWithProviders({ route: '/change-password' });
    expect(await screen.findByRole('heading', { name: 'Cambio de contraseña' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Rut de Empresa es requerido')).toBeInTheDocument();
    expect(screen.getByText('Contraseña actual es requerida')).toBeInTheDocument();
    expect(screen.getByText('Debe indicar la nueva contraseña')).toBeInTheDocument();
    expect(screen.getByText('Debe confirmar la contraseña')).toBeInTheDocument();
  });

  it('checks length, case and confirmation with the spec texts', async () => {
    const { user } = renderWithProviders({ route: '/change-password' });
    await fill(user, { rut: '761234560', current: 'Demo1234', password: 'corta', confirm: 'otra' });
    expect(await screen.findByText('La nueva contraseña debe ser mínimo 8 caracteres')).toBeInTheDocument();
    expect(screen.getByText('La contraseña no coinciden')).toBeInTheDocument();
    await user.clear(field('Nueva contraseña'));
    await user.type(field('Nueva contraseña'), 'solominusculas');
    await user.tab();
    expect(await screen.findByText('La nueva contraseña debe contener Una letra Mayuscula y una Minuscula')).toBeInTheDocument();
  });

  it('lets an anonymous visitor type the rut, auto-formatted', async () => {
    const { user } = renderWithProviders({ route: '/change-password' });
    const rut = await rutField();
    expect(rut).not.toHaveAttribute('readonly');
    await user.type(rut, '761234560');
    expect(rut).toHaveValue('76.123.456-0');
  });

  it('takes the rut from the session, read-only, for a logged-in user', async () => {
    renderWithProviders({ route: '/change-password', preloadedState: { session: sessionOf('USER') } });
    const rut = await rutField();
    expect(rut).toHaveValue('76.123.456-0');
    expect(rut).toHaveAttribute('readonly');
  });

  it('declining the confirm dialog shows Cambio no realizado and sends nothing', async () => {
    const { user } = renderWithProviders({ route: { pathname: '/change-password', state: { rut: '76123456-0', mustChange: true } } });
    await fill(user, { current: 'Demo1234', password: 'Nueva1234', confirm: 'Nueva1234' });
    const dialog = await screen.findByRole('dialog', { name: 'Deseas cambiar la contraseña?' });
    await user.click(within(dialog).getByRole('button', { name: 'No cambiar' }));
    expect(await screen.findByText('Cambio no realizado')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a wrong current password shows the server message in an error alert', async () => {
    fetchMock.mockResolvedValue(json(401, { status: 401, message: 'La contraseña actual no es correcta' }));
    const { user, router } = renderWithProviders({ route: { pathname: '/change-password', state: { rut: '76123456-0', mustChange: true } } });
    await fill(user, { current: 'Mala1234', password: 'Nueva1234', confirm: 'Nueva1234' });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cambiar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña actual no es correcta');
    expect(router.state.location.pathname).toBe('/change-password');
  });

  it('success shows the server message (carried to the login page) and goes there; a logged-in user must sign in again', async () => {
    // an admin's shell also reads the failed-jobs count (its badge in the menu): each request gets its own answer
    fetchMock.mockImplementation(async (url: unknown) =>
      String(url).endsWith('/admin/jobs/summary')
        ? json(200, { failed: 0, pending: 0, waiting: 0, oldestPendingAt: null })
        : json(200, { message: 'Contraseña actualizada, ingresa con tu nueva contraseña' }),
    );
    const { user, router, store } = renderWithProviders({ route: '/change-password', preloadedState: { session: sessionOf('ADMIN') } });
    await rutField();
    await fill(user, { current: 'Admin1234', password: 'Nueva1234', confirm: 'Nueva1234' });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cambiar' }));
    // the toast goes with the SPA to the login page (a page load of its own), which says it
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem('loginNotice') ?? '[]')).toEqual([{ message: 'Contraseña actualizada, ingresa con tu nueva contraseña', variant: 'success' }]));
    expect(store.getState().session.isAuthenticated).toBe(false);
    const [url, init] = fetchMock.mock.calls.find(([called]) => String(called) === '/api/security/change-password')!;
    expect(url).toBe('/api/security/change-password');
    expect(JSON.parse(String(init.body))).toEqual({ username: '11111111-1', currentPassword: 'Admin1234', password: 'Nueva1234', confirmPassword: 'Nueva1234' });
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });
});
