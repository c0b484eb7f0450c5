import { act, screen } from '@testing-library/react';
import { navigateTo } from '@client/app/navigation';
import { renderWithProviders } from '../renderWithProviders';

// The app's router (app/router.tsx): declarative routes under a history router, with the history's location and a
// navigate for sagas (app/navigation) and tests.
describe('app router', () => {
  it('follows the history at once: the location changes before the next screen has loaded and rendered', async () => {
    const { router } = renderWithProviders({ route: '/login' });
    expect(await screen.findByRole('button', { name: 'Acceder' })).toBeInTheDocument();

    act(() => navigateTo('/user/user-creation-req?origen=login', { state: { from: 'login' } }));
    // the request screen's code has not arrived yet: the login form is still what is shown
    expect(screen.getByRole('button', { name: 'Acceder' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/user/user-creation-req', search: '?origen=login', state: { from: 'login' } });
    expect(router.state.historyAction).toBe('PUSH');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ficha de Registro de Cliente' })).toBeInTheDocument();
  });

  it('replaces the entry when asked to, and when the target is where the app already is (as a link there does)', async () => {
    const { router } = renderWithProviders({ route: '/login' });
    expect(await screen.findByRole('button', { name: 'Acceder' })).toBeInTheDocument();

    act(() => router.navigate('/change-password', { replace: true }));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: /contraseña/i })).toBeInTheDocument();

    act(() => router.navigate('/login'));
    expect(router.state.historyAction).toBe('PUSH');
    expect(await screen.findByRole('button', { name: 'Acceder' })).toBeInTheDocument();
    act(() => router.navigate('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.pathname).toBe('/login');
  });
});
