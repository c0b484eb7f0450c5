import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { race, take } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { confirmAccepted, confirmDeclined, confirmRequested } from '@client/app/confirmSlice';
import { loggedOut } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { rootReducer, type RootState } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import { changePassword } from '@client/features/session/api';
import { handleChangePassword } from '@client/features/session/sessionSagas';
import { storedFields } from '@client/app/persistence';
import { selectIsAuthenticated } from '@client/features/session/sessionSelectors';
import {
  passwordChangeDeclined,
  passwordChangeFailed,
  passwordChangeSubmitted,
  passwordChangeSucceeded,
} from '@client/features/session/sessionSlice';
import { sessionOf } from '../renderWithProviders';
import { callWithTimeout } from '@client/app/sagaUtils';

const form = { username: '76.123.456-0', currentPassword: 'Demo1234', password: 'Nueva1234', confirmPassword: 'Nueva1234' };
const body = { ...form, username: '76123456-0' };
const submitted = passwordChangeSubmitted(form);
const prompt = confirmRequested({ title: 'Deseas cambiar la contraseña?', positive: 'Cambiar', negative: 'No cambiar' });
const decision = race([take(confirmAccepted.type), take(confirmDeclined.type)]);
const done = 'Contraseña actualizada, ingresa con tu nueva contraseña';

describe('change password saga, step by step', () => {
  it('confirmed by an anonymous (must-change) user: calls the API, shows the server message, goes to /login', () => {
    testSaga(handleChangePassword, submitted)
      .next()
      .put(prompt)
      .next()
      .race([take(confirmAccepted.type), take(confirmDeclined.type)])
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, changePassword, body)
      .next({ message: done })
      .put(passwordChangeSucceeded())
      .next()
      .call(notify, done, 'success')
      .next()
      .select(selectIsAuthenticated)
      .next(false)
      .call(navigateTo, '/login')
      .next()
      .isDone();
  });

  it('confirmed by a logged-in user: the older session ends before going to /login', () => {
    testSaga(handleChangePassword, submitted)
      .next()
      .put(prompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, changePassword, body)
      .next({ message: done })
      .put(passwordChangeSucceeded())
      .next()
      .call(notify, done, 'success')
      .next()
      .select(selectIsAuthenticated)
      .next(true)
      .put(loggedOut())
      .next()
      .call(navigateTo, '/login')
      .next()
      .isDone();
  });

  it('declined: Cambio no realizado, nothing is sent', () => {
    testSaga(handleChangePassword, submitted)
      .next()
      .put(prompt)
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(passwordChangeDeclined())
      .next()
      .call(notify, 'Cambio no realizado', 'info')
      .next()
      .isDone();
  });

  it('failure: the server message goes to the error alert', () => {
    testSaga(handleChangePassword, submitted)
      .next()
      .put(prompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, changePassword, body)
      .throw(new HttpError(401, 'La contraseña actual no es correcta'))
      .put(passwordChangeFailed('La contraseña actual no es correcta'))
      .next()
      .isDone();
  });
});

describe('change password saga, whole flow with the reducers', () => {
  const initial = (session = sessionOf('USER')): RootState => {
    const state = rootReducer(undefined, { type: '@@init' });
    return { ...state, session: { ...session, passwordChange: { status: 'running', error: null } } };
  };

  it('confirm: the logged-in user ends logged out, the dialog closed', async () => {
    const { storeState } = await expectSaga(handleChangePassword, submitted)
      .withReducer(rootReducer, initial())
      .provide([
        [matchers.call.fn(changePassword), { message: done }],
        [matchers.call.fn(notify), undefined],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .dispatch(confirmAccepted())
      .call(notify, done, 'success')
      .call(navigateTo, '/login')
      .run();
    expect(storeState.confirm.request).toBeNull();
    expect(storeState.session).toMatchObject({ isAuthenticated: false, passwordChange: { status: 'idle', error: null } });
    expect(storedFields(storeState).tokens).toBeUndefined();
  });

  it('decline: nothing sent, status back to idle', async () => {
    const { storeState } = await expectSaga(handleChangePassword, submitted)
      .withReducer(rootReducer, initial())
      .provide([[matchers.call.fn(notify), undefined]])
      .dispatch(confirmDeclined())
      .not.call.fn(changePassword)
      .call(notify, 'Cambio no realizado', 'info')
      .run();
    expect(storeState.session).toMatchObject({ isAuthenticated: true, passwordChange: { status: 'idle', error: null } });
  });

  it('failure: the session stays, the alert holds the server message', async () => {
    const { storeState } = await expectSaga(handleChangePassword, submitted)
      .withReducer(rootReducer, initial())
      .provide([[matchers.call.fn(changePassword), throwError(new HttpError(400, 'La nueva contraseña debe ser distinta de la actual'))]])
      .dispatch(confirmAccepted())
      .not.call.fn(navigateTo)
      .run();
    expect(storeState.session).toMatchObject({
      isAuthenticated: true,
      passwordChange: { status: 'failed', error: 'La nueva contraseña debe ser distinta de la actual' },
    });
  });
});
