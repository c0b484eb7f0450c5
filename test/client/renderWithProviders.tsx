import type { CompanyRole } from '@shared/companyRoles';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { setNavigator, type NavigateOptions } from '@client/app/navigation';
import { LoginPage } from '@client/login/LoginPage';
import userEvent from '@testing-library/user-event';
import type { InitialEntry } from 'react-router-dom';
import { App } from '@client/app/App';
import { createAppRouter } from '@client/app/router';
import { GridSettingsProvider } from '@client/components/gridSetup';
import { createAppStore, makeStore, type RootState } from '@client/app/store';
import { loginSaga } from '@client/features/session/loginSagas';
import { sessionFrom, type SessionState } from '@client/features/session/sessionSlice';
import type { CustomerProfile } from '@shared/api/erp';
import type { Role } from '@shared/roles';

export interface RenderOptions {
  route?: InitialEntry;
  preloadedState?: Partial<RootState>;
}

/**
 * The whole app (providers, router, a fresh store) at `route`, as a user would see it. jsdom has no layout, so the grids
 * render every row instead of virtualizing (docs/decisions.md, D16).
 */
export function renderWithProviders({ route = '/', preloadedState }: RenderOptions = {}) {
  const store = makeStore(preloadedState);
  const router = createAppRouter({ initialEntries: [route] });
  const user = userEvent.setup();
  const utils = render(
    <GridSettingsProvider disableVirtualization>
      <App store={store} router={router} />
    </GridSettingsProvider>,
  );
  return { ...utils, store, router, user };
}

/**
 * The login page (a page of its own, src/client/login) with a fresh store, as main.tsx builds it; where it leads (a page
 * load of the SPA) is recorded in `navigations` instead.
 */
export function renderLoginPage({ preloadedState }: Pick<RenderOptions, 'preloadedState'> = {}) {
  const store = createAppStore(loginSaga, preloadedState);
  const navigations: { to: string; options?: NavigateOptions }[] = [];
  setNavigator((to, options) => navigations.push({ to, options }));
  const user = userEvent.setup();
  const utils = render(
    <Provider store={store}>
      <LoginPage />
    </Provider>,
  );
  return { ...utils, store, user, navigations };
}

export const sinBloqueo = { morosidad: 'Sin Bloqueo', interes: 'Sin Bloqueo', protesto: 'Sin Bloqueo', prorroga: 'Sin Bloqueo' };

export const buyerProfile: CustomerProfile = {
  idcliente: 'C76123456',
  rut: '76123456-0',
  nombre: 'Comercial Los Andes SpA',
  giro: 'Venta de vestuario',
  mail: 'compras@losandes.cl',
  telefono: '221234567',
  condpago: 'Contado',
  credAprob: 0,
  limitecred: 0,
  descFidel: 4,
  fidelizacion: 'Silver',
  ...sinBloqueo,
  factura: [],
  despacho: [],
};

/**
 * A logged-in session of `role` (buyers get a profile, blocked or not); a buyer is their company's administrator
 * unless `companyRole` says otherwise.
 */
export function sessionOf(role: Role, profile: CustomerProfile | null = role === 'USER' ? buyerProfile : null, companyRole: CompanyRole = 'ADMINISTRADOR'): SessionState {
  const username = role === 'USER' ? '76123456-0' : '11111111-1';
  const company = role === 'USER' ? { rut: '76.123.456-0', role: companyRole, name: '' } : null;
  return sessionFrom({ token: `token-${role}`, id: role === 'USER' ? 12 : 1, role, username, company }, profile);
}
