import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { setNavigator } from '../app/navigation';
import { loadPersistedState, makeStore } from '../app/store';
import { LoginPage } from './LoginPage';
import { fullPageNavigator } from './fullPageNavigator';
import './login.css';

// /login is a page of its own (docs/performance.md, "The login page"): the SPA's store and session sagas under plain
// elements, without MUI or the router, so the first page a buyer opens downloads a third of the SPA. Where the login
// leads (home, the must-change password screen) is a page load of the SPA.
const store = makeStore(loadPersistedState());
setNavigator(fullPageNavigator);

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en login.html');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <LoginPage />
    </Provider>
  </StrictMode>,
);
