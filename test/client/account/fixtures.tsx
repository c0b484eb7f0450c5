import { keptReducer, persistToStorage } from '@client/app/persistence';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { combineReducers, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import createSagaMiddleware from 'redux-saga';
import { configureHttp } from '@client/api/http';
import { messageReducer } from '@client/app/messageSlice';
import { theme } from '@client/app/theme';
import { accountSaga } from '@client/features/account/accountSagas';
import { accountReducer, initialAccountState, type AccountState } from '@client/features/account/accountSlice';
import { sessionReducer } from '@client/features/session/sessionSlice';
import type { PendingDocument, PurchaseHistoryHeader, PurchaseHistoryLine } from '@shared/api/erp';
import { sessionOf } from '../renderWithProviders';
import { GridSettingsProvider } from '@client/components/gridSetup';

// The account screens with the reducers and saga they need: independent of where app/ wires them.

export const accountReducers = combineReducers({
  session: sessionReducer,
  kept: keptReducer,
  account: accountReducer,
  message: messageReducer,
});
export type AccountTestState = ReturnType<typeof accountReducers>;

/** The buyer of renderWithProviders: profile idcliente C76123456, user id 12. */
export const buyerState = (): Partial<AccountTestState> => ({ session: sessionOf('USER') });

/** The whole test store state for that buyer, for expectSaga(...).withReducer. */
export const storeWith = (account: AccountState = initialAccountState): AccountTestState => ({
  session: sessionOf('USER'),
  kept: {},
  account,
  message: { current: null },
});

/** Twelve open invoices: two pages of 10. Folio 1001 … 1012, balances 10.000, 20.000 … 120.000. */
export const pendingDocuments: PendingDocument[] = Array.from({ length: 12 }, (_, i) => ({
  folio: String(1001 + i),
  fecha: `2025-03-${String(i + 1).padStart(2, '0')}`,
  totalBruto: (i + 1) * 11_900,
  saldoaPagar: (i + 1) * 10_000,
  docEntry: 501 + i,
}));

export const historyHeaders: PurchaseHistoryHeader[] = [
  { docEntry: 9001, numPedido: 'OC000101', fecha: '2025-02-14', tipoRetiro: 'Despacho', entrega: '0', estado: 'Abierto', numFactura: '0', numNotaCredito: '0', dte: '0' },
  // the ERP's document 5060 is the portal's order OC000011 (NumAtCard): the history says both
  { docEntry: 9002, numPedido: 'OC000102', fecha: '2025-01-31', tipoRetiro: 'Retiro en tienda', entrega: '4410', estado: 'Cerrado', numFactura: '33120', numNotaCredito: '6101', dte: '33120', ordenPortal: 'OC000011' },
  ...Array.from({ length: 10 }, (_, i) => ({
    docEntry: 9100 + i,
    numPedido: `OC0002${String(i).padStart(2, '0')}`,
    fecha: '2024-12-02',
    tipoRetiro: 'Despacho',
    entrega: String(5000 + i),
    estado: 'Cerrado',
    numFactura: String(34000 + i),
    numNotaCredito: '0',
    dte: String(34000 + i),
  })),
];

export const detailLines: PurchaseHistoryLine[] = [
  { lineNum: 0, itemCode: 'POL-1001-M', descripcion: 'Polera Básica Algodón M', cantidad: 24, totalNeto: 143_760 },
  { lineNum: 1, itemCode: 'JEA-2001-42', descripcion: 'Jeans Slim Azul 42', cantidad: 6, totalNeto: 89_940 },
];

/** A store with the account saga that also records every action dispatched. */
export function makeAccountStore(preloadedState: Partial<AccountTestState> = buyerState()) {
  const actions: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: accountReducers,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(recorder, sagaMiddleware),
  });
  // as the app's store: what a reload keeps goes to session storage (app/persistence)
  persistToStorage(store);
  sagaMiddleware.run(accountSaga);
  configureHttp({ getToken: () => store.getState().session.token, onSessionExpired: () => undefined });
  return { store, actions };
}

/** One account screen for a logged-in buyer. */
export function renderAccount(ui: ReactElement, preloadedState?: Partial<AccountTestState>) {
  const { store, actions } = makeAccountStore(preloadedState);
  const user = userEvent.setup();
  const utils = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <GridSettingsProvider disableVirtualization>
          <MemoryRouter>{ui}</MemoryRouter>
        </GridSettingsProvider>
      </ThemeProvider>
    </Provider>,
  );
  return { ...utils, store, actions, user };
}
