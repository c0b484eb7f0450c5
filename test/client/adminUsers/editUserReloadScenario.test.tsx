import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ScenarioStep } from '@client/app/scenario/format';
import { getScenarioRecorder } from '@client/app/scenario/recorder';
import { loadPersistedState, type RootState } from '@client/app/store';
import { renderWithProviders } from '../renderWithProviders';
import { mockFetch } from '../fetchMock';
import { inactiveBuyer, userPage, userRow } from './fixtures';

// A QA scenario that edits a user and reloads the page replays to the same screen: the user being edited is in the
// address (/admin/user/update/:id) and the login in the store, which session storage keeps across the reload
// (app/persistence). Recorded through the real recorder, replayed as the scenario runner does: a `load` step starts a
// new store from its recorded state at its recorded address.

jest.setTimeout(30_000);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
  // the superadmin logged in on the login page (a page of its own): its store left the login in session storage
  Object.entries({ tokens: 'token-SUPERADMIN', id: '1', idUser: '1', role: 'SUPERADMIN', username: '11111111-1' }).forEach(([key, value]) =>
    sessionStorage.setItem(key, value),
  );
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
  jest.restoreAllMocks();
});

const api = () =>
  mockFetch({ 'GET /admin/users/list': userPage([userRow(inactiveBuyer, 'Distribuidora Pacífico Ltda')]), 'GET /admin/users/6': inactiveBuyer });

/** The update screen of user 6, loaded. */
async function expectUserSixForm() {
  expect(await screen.findByLabelText('Rut Empresa')).toHaveValue('12.345.678-5');
  expect(screen.getByRole('heading', { level: 1, name: 'Actualización de Usuario' })).toBeInTheDocument();
}

it('a recorded edit-user session with a reload replays to the same screen, the same user', async () => {
  api();
  // page 1: the user list, 'Editar' of user 6, recorded
  const first = renderWithProviders({ route: '/admin/user', preloadedState: loadPersistedState() });
  const recorder = getScenarioRecorder()!;
  recorder.start('editar usuario y recargar');
  await first.user.click(await screen.findByRole('button', { name: 'Editar 12.345.678-5' }));
  await waitFor(() => expect(first.router.state.location.pathname).toBe('/admin/user/update/6'));
  await expectUserSixForm();
  // nothing about the user being edited is in session storage: it is in the address
  expect(sessionStorage.getItem('userId')).toBeNull();

  // the reload: the browser's address is the page's, the recording goes on in the next page's store
  window.history.replaceState(null, '', first.router.state.location.pathname);
  recorder.saveNow();
  cleanup();
  const reloaded = renderWithProviders({ route: window.location.pathname, preloadedState: loadPersistedState() });
  await expectUserSixForm();
  expect(reloaded.store.getState().session).toMatchObject({ isAuthenticated: true, role: 'SUPERADMIN', id: 1 });
  const scenario = getScenarioRecorder()!.stop()!;
  cleanup();

  // the recording: Editar, then a page load at the user's address with the store's state
  expect(scenario.steps.some((s) => s.kind === 'action' && s.action.type === 'adminUsers/userEditChosen' && s.action.payload === 6)).toBe(true);
  const load = scenario.steps.find((s): s is Extract<ScenarioStep, { kind: 'load' }> => s.kind === 'load')!;
  expect(load.url).toBe('/admin/user/update/6');

  // replayed as the runner does: a new store from the load step's recorded state, at its recorded address
  api();
  sessionStorage.clear();
  renderWithProviders({ route: load.url, preloadedState: load.state as Partial<RootState> });
  await expectUserSixForm();
});
