import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { setNavigator } from '../app/navigation';
import { createAppStore, loadPersistedState } from '../app/appStore';
import { loginSaga } from '../features/session/loginSagas';
import { LoginPage } from './LoginPage';
import { fullPageNavigator } from './fullPageNavigator';
import './login.css';

// /login is a page of its own (decision D22): the SPA's store, running the login's saga, under plain elements, without
// MUI or the router, so the first page a buyer opens downloads a third of the SPA. Where the login
// leads (home, the must-change password screen) is a page load of the SPA.
const store = createAppStore(loginSaga, loadPersistedState());
setNavigator(fullPageNavigator(store.dispatch));

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en login.html');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <LoginPage />
    </Provider>
  </StrictMode>,
);
