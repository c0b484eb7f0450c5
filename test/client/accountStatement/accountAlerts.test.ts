import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { HttpError } from '@client/api/http';
import { notify } from '@client/app/notify';
import { callWithTimeout } from '@client/app/sagaUtils';
import { fetchAccountAlerts, saveAccountAlerts } from '@client/features/profile/api';
import { handleAlertsOpened, handleAlertsToggled } from '@client/features/profile/profileSagas';
import { alertsLoaded, alertsLoadFailed, alertsOpened, alertsSaved, alertsSaveFailed, alertsToggled, initialProfileState, profileReducer } from '@client/features/profile/profileSlice';
import { buyerSession, profileReducers } from '../profile/fixtures';

// The cuenta corriente's mail alerts switch in the profile (finance people): per person, saved on its own.

const loaded = () => profileReducer(profileReducer(initialProfileState, alertsOpened()), alertsLoaded({ enabled: true }));

describe('Avisos de cuenta corriente por correo', () => {
  it("the person's preference is read when the switch shows", () => {
    testSaga(handleAlertsOpened).next().call(callWithTimeout, fetchAccountAlerts).next({ enabled: true }).put(alertsLoaded({ enabled: true })).next().isDone();
    testSaga(handleAlertsOpened)
      .next()
      .call(callWithTimeout, fetchAccountAlerts)
      .throw(new HttpError(403, 'No autorizado'))
      .put(alertsLoadFailed({ message: 'No autorizado', status: 403 }))
      .next()
      .isDone();
  });

  it('the switch moves at once (optimistic), then PUT and a toast', () => {
    const flipped = profileReducer(loaded(), alertsToggled(false));
    expect(flipped.alerts.data).toEqual({ enabled: false });
    expect(flipped.alertsSave.status).toBe('running');
    testSaga(handleAlertsToggled, alertsToggled(false))
      .next()
      .call(callWithTimeout, saveAccountAlerts, { enabled: false })
      .next({ enabled: false })
      .put(alertsSaved({ enabled: false }))
      .next()
      .call(notify, 'Avisos de cuenta corriente desactivados', 'success')
      .next()
      .isDone();
  });

  it('a refused save puts the switch back where it was and says why', () =>
    expectSaga(handleAlertsToggled, alertsToggled(false))
      .withReducer(profileReducers, { session: buyerSession(null), profile: profileReducer(loaded(), alertsToggled(false)) } as never)
      .provide([
        [matchers.call.fn(saveAccountAlerts), throwError(new HttpError(0, 'Problema de conexión'))],
        [matchers.call.fn(notify), undefined],
      ])
      .put(alertsSaveFailed({ enabled: true, message: 'Problema de conexión' }))
      .call(notify, 'No se pudo guardar su preferencia de avisos: Problema de conexión', 'error')
      .run()
      .then(({ storeState }) => {
        const { profile } = storeState as { profile: typeof initialProfileState };
        expect(profile.alerts.data).toEqual({ enabled: true });
        expect(profile.alertsSave).toEqual({ status: 'failed', error: 'Problema de conexión' });
      }));

  it('switched on and saved: the server holds it and the toast says so', () =>
    expectSaga(handleAlertsToggled, alertsToggled(true))
      .withReducer(profileReducers, { session: buyerSession(null), profile: profileReducer(profileReducer(loaded(), alertsSaved({ enabled: false })), alertsToggled(true)) } as never)
      .provide([
        [matchers.call.fn(saveAccountAlerts), { enabled: true }],
        [matchers.call.fn(notify), undefined],
      ])
      .call(notify, 'Avisos de cuenta corriente activados', 'success')
      .run()
      .then(({ storeState }) => {
        const { profile } = storeState as { profile: typeof initialProfileState };
        expect(profile.alerts.data).toEqual({ enabled: true });
        expect(profile.alertsSave.status).toBe('idle');
      }));
});
