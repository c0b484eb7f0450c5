import { persistToStorage } from '@client/app/persistence';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastHost } from '@client/app/ToastHost';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import createSagaMiddleware from 'redux-saga';
import { configureHttp } from '@client/api/http';
import { confirmReducer } from '@client/app/confirmSlice';
import { messageReducer } from '@client/app/messageSlice';
import { theme } from '@client/app/theme';
import ProfileScreen from '@client/features/profile/ProfileScreen';
import { profileSaga } from '@client/features/profile/profileSagas';
import { profileReducer } from '@client/features/profile/profileSlice';
import { sessionReducer, type SessionState } from '@client/features/session/sessionSlice';
import type { Country, CustomerProfile, Region } from '@shared/api/erp';
import { buyerProfile, sessionOf } from '../renderWithProviders';

// The profile screen with the reducers and saga it needs: independent of where app/ wires them.

export const profileReducers = combineReducers({
  session: sessionReducer,
  profile: profileReducer,
  message: messageReducer,
  confirm: confirmReducer,
});
export type ProfileTestState = ReturnType<typeof profileReducers>;

export const pacifico: CustomerProfile = {
  ...buyerProfile,
  idcliente: 'C76234567',
  rut: '76234567-6',
  nombre: 'Textiles Pacífico Ltda.',
  giro: 'Comercialización de prendas de vestir',
  mail: 'compras@textilespacificolt.cl',
  telefono: '322214455',
  condpago: 'Cheque',
  credAprob: 5000000,
  limitecred: 1250000,
  fidelizacion: 'Silver',
  factura: [
    { idfactura: 'CASA MATRIZ', direccion: 'Av. Brasil 2350', comuna: 'Valparaíso', idregion: 'V', region: 'Valparaíso', idpais: 'CL', pais: 'Chile', predeterminado: 'Y' },
    { idfactura: 'SUCURSAL VIÑA', direccion: '1 Norte 875', comuna: 'Viña del Mar', idregion: 'V', region: 'Valparaíso', idpais: 'CL', pais: 'Chile', predeterminado: 'N' },
  ],
  despacho: [{ iddespacho: 'BODEGA PLACILLA', direccion: 'Camino La Pólvora 400', comuna: 'Valparaíso', idregion: 'V', region: 'Valparaíso', idpais: 'CL', pais: 'Chile' }],
};

export const regions: Region[] = [
  { idregion: 'AR-B', region: 'Buenos Aires', idpais: 'AR' },
  { idregion: 'AR-M', region: 'Mendoza', idpais: 'AR' },
  { idregion: 'RM', region: 'Metropolitana de Santiago', idpais: 'CL' },
  { idregion: 'V', region: 'Valparaíso', idpais: 'CL' },
  { idregion: 'VIII', region: 'Biobío', idpais: 'CL' },
];
export const countries: Country[] = [
  { idpais: 'AR', pais: 'Argentina' },
  { idpais: 'CL', pais: 'Chile' },
];

export function buyerSession(profile: CustomerProfile | null = pacifico): SessionState {
  return sessionOf('USER', profile);
}

export function makeProfileStore(preloadedState?: Partial<ProfileTestState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: profileReducers,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  // the session is kept across a reload as in the app's store (app/persistence)
  persistToStorage(store as unknown as Parameters<typeof persistToStorage>[0]);
  sagaMiddleware.run(profileSaga);
  configureHttp({ getToken: () => store.getState().session.token, onSessionExpired: () => undefined });
  return store;
}

/** ProfileScreen for a logged-in buyer (the session's profile unless told otherwise). */
export function renderProfile(preloadedState: Partial<ProfileTestState> = { session: buyerSession() }) {
  const store = makeProfileStore(preloadedState);
  const user = userEvent.setup();
  const utils = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <MemoryRouter initialEntries={['/profile']}>
          <ProfileScreen />
        </MemoryRouter>
        <ToastHost />
      </ThemeProvider>
    </Provider>,
  );
  return { ...utils, store, user };
}

type FetchArgs = [string, RequestInit?];
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers the profile API; `overrides` by 'METHOD path'. */
export function mockApi(overrides: Record<string, (init?: RequestInit) => Response | Promise<Response>> = {}) {
  const fetchMock = jest.fn<Promise<Response>, FetchArgs>(async (url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (overrides[key]) return overrides[key](init);
    if (key === 'GET /api/user/b1/region') return json(200, regions);
    if (key === 'GET /api/user/b1/pais') return json(200, countries);
    if (key === 'GET /api/user/b1/profile/12') return json(200, pacifico);
    return json(404, { status: 404, message: 'Recurso no encontrado' });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export const callsTo = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]: FetchArgs) => url === path && (init?.method ?? 'GET') === method);
