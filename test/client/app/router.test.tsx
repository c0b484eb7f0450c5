import { act, screen, waitFor } from '@testing-library/react';
import { MSG } from '@shared/messages';
import { navigateTo, setPageLoader } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { getScenarioRecorder } from '@client/app/scenario/recorder';

// The app's router (app/router.tsx): declarative routes under a history router, with the history's location and a
// navigate for sagas (app/navigation) and tests.
describe('app router', () => {
  it('follows the history at once: the location changes before the next screen has loaded and rendered', async () => {
    const { router } = renderWithProviders({ route: '/session-expired' });
    const expired = await screen.findByRole('heading', { level: 1, name: MSG.sessionExpiredTitle });

    act(() => navigateTo('/user/user-creation-req?origen=expirada', { state: { from: 'expired' } }));
    // the request screen's code has not arrived yet: the expired screen is still what is shown
    expect(expired).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/user/user-creation-req', search: '?origen=expirada', state: { from: 'expired' } });
    expect(router.state.historyAction).toBe('PUSH');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ficha de Registro de Cliente' })).toBeInTheDocument();
  });

  it('replaces the entry when asked to, and when the target is where the app already is (as a link there does)', async () => {
    const { router } = renderWithProviders({ route: '/session-expired' });
    await screen.findByRole('heading', { level: 1, name: MSG.sessionExpiredTitle });

    act(() => router.navigate('/change-password', { replace: true }));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: /contraseña/i })).toBeInTheDocument();

    act(() => router.navigate('/session-expired'));
    expect(router.state.historyAction).toBe('PUSH');
    await screen.findByRole('heading', { level: 1, name: MSG.sessionExpiredTitle });
    act(() => router.navigate('/session-expired'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.pathname).toBe('/session-expired');
  });

  it('/login is a page of its own: the SPA reaching it (a link, a guard, a logout) loads that page in its place', async () => {
    const loaded: string[] = [];
    setPageLoader((to) => loaded.push(to));
    const { router, user } = renderWithProviders({ route: '/session-expired' });
    await user.click(await screen.findByRole('link', { name: MSG.sessionExpiredButton }));
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(loaded).toEqual(['/login']));
  });

  it('while QA replays a scenario, /login stays in the SPA (a stand-in for the login page) and loads no page', async () => {
    const loaded: string[] = [];
    setPageLoader((to) => loaded.push(to));
    const { router, store } = renderWithProviders({ route: '/session-expired', preloadedState: { session: sessionOf('USER') } });
    await screen.findByRole('heading', { level: 1, name: MSG.sessionExpiredTitle });
    const recorder = getScenarioRecorder()!;
    act(() => {
      recorder.start('prueba');
      store.dispatch({ type: 'qa/nada' });
      recorder.stop();
      recorder.startReplay(); // the recorded state: the buyer's
      router.navigate('/login');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ingreso clientes' })).toBeInTheDocument();
    expect(loaded).toEqual([]);
    act(() => recorder.endReplay());
  });

  it("the toasts of the moment before go with it to the login page (a customer request sent, then '/' sends a visitor there)", async () => {
    const loaded: string[] = [];
    setPageLoader((to) => loaded.push(to));
    const { router } = renderWithProviders({ route: '/session-expired' });
    await screen.findByRole('heading', { level: 1, name: MSG.sessionExpiredTitle });
    act(() => {
      router.navigate('/');
      notify('Enviado correo a Textil Andino!!', 'success');
    });
    await waitFor(() => expect(loaded).toEqual(['/login']));
    expect(JSON.parse(sessionStorage.getItem('loginNotice') ?? '[]')).toEqual([{ message: 'Enviado correo a Textil Andino!!', variant: 'success' }]);
  });
});
