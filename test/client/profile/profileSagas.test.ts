import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call, delay } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { profileRefreshed } from '@client/app/events';
import { messageShown } from '@client/app/messageSlice';
import { notify } from '@client/app/notify';
import { storedFields } from '@client/app/persistence';
import { fetchCountries, fetchProfile, fetchRegions, updateProfile } from '@client/features/profile/api';
import {
  handleLoadCatalogs,
  handleLoadProfile,
  handleSaveProfile,
  handleScreenOpened,
  keepProfile,
} from '@client/features/profile/profileSagas';
import { selectCatalogsStatus, selectCustomerProfile, selectSessionUserId } from '@client/features/profile/profileSelectors';
import {
  catalogsLoaded,
  catalogsLoadFailed,
  catalogsLoadStarted,
  initialProfileState,
  profileLoaded,
  profileLoadFailed,
  profileLoadStarted,
  profileSaved,
  profileSaveFailed,
  profileSaveSubmitted,
} from '@client/features/profile/profileSlice';
import type { UpdateProfileRequest } from '@shared/schemas/profile';
import { buyerSession, countries, pacifico, profileReducers, regions } from './fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';
import { MSG } from '@shared/messages';

const delayFn = delay(0).payload.fn;
/** The timeout branch of a race: the delay answers at once (no fake timers with expectSaga). */
const timeoutNow: [matchers.Matcher, unknown] = [matchers.call.fn(delayFn), true];
const never = () => new Promise<never>(() => undefined);

const body: UpdateProfileRequest = {
  businessPartner: 'C76234567',
  giro: 'Comercialización de prendas de vestir',
  mail: 'compras@textilespacificolt.cl',
  telefono: '987654321',
  direcciones: [{ iddespacho: 'BODEGA PLACILLA', addressType: 'S', direccion: 'Av. Matta 1200', comuna: 'Santiago', pais: 'CL', region: 'RM' }],
};
const updated = { ...pacifico, telefono: '987654321' };
const erpError = (message: string) => messageShown({ tipoMessage: 'Error', message: ` ${message}, intentelo mas tarde (B1) ` });

describe('screen opened: what gets loaded', () => {
  it('profile in session, catalogs not loaded: only regions and countries', () => {
    testSaga(handleScreenOpened)
      .next()
      .select(selectSessionUserId)
      .next(12)
      .select(selectCustomerProfile)
      .next(pacifico)
      .select(selectCatalogsStatus)
      .next('idle')
      .all([call(handleLoadCatalogs)])
      .next()
      .isDone();
  });

  it('no profile in session: the profile and the catalogs, at the same time', () => {
    testSaga(handleScreenOpened)
      .next()
      .select(selectSessionUserId)
      .next(12)
      .select(selectCustomerProfile)
      .next(null)
      .select(selectCatalogsStatus)
      .next('failed')
      .all([call(handleLoadProfile, 12), call(handleLoadCatalogs)])
      .next()
      .isDone();
  });

  it('everything there already: loads nothing (regions and countries are loaded once)', () => {
    testSaga(handleScreenOpened).next().select(selectSessionUserId).next(12).select(selectCustomerProfile).next(pacifico).select(selectCatalogsStatus).next('loaded').isDone();
  });
});

describe('load profile, step by step', () => {
  it('success: stored in the slice, in session storage, and announced to the session', () => {
    testSaga(handleLoadProfile, 12)
      .next()
      .put(profileLoadStarted())
      .next()
      .call(callWithTimeout, fetchProfile, 12)
      .next(pacifico)
      .put(profileLoaded(pacifico))
      .next()
      .call(keepProfile, pacifico)
      .next()
      .isDone();
  });

  it('failure: failed status and the B1 error in the message bar', () => {
    testSaga(handleLoadProfile, 12)
      .next()
      .put(profileLoadStarted())
      .next()
      .call(callWithTimeout, fetchProfile, 12)
      .throw(new HttpError(503, 'ERP no disponible'))
      .put(profileLoadFailed({ message: 'ERP no disponible', status: 503 }))
      .next()
      .put(erpError('ERP no disponible'))
      .next()
      .isDone();
  });

  it('timeout: a connection problem', () => {
    testSaga(handleLoadProfile, 12)
      .next()
      .put(profileLoadStarted())
      .next()
      .call(callWithTimeout, fetchProfile, 12)
      .throw(new HttpError(0, MSG.connectionProblem))
      .put(profileLoadFailed({ message: 'problema de conexión', status: 0 }))
      .next()
      .put(erpError('problema de conexión'))
      .next()
      .isDone();
  });
});

describe('load regions and countries, step by step', () => {
  it('both at once, then stored', () => {
    testSaga(handleLoadCatalogs)
      .next()
      .put(catalogsLoadStarted())
      .next()
      .all([call(callWithTimeout, fetchRegions), call(callWithTimeout, fetchCountries)])
      .next([regions, countries])
      .put(catalogsLoaded({ regions, countries }))
      .next()
      .isDone();
  });

  it('failure: failed status and the B1 error', () => {
    testSaga(handleLoadCatalogs)
      .next()
      .put(catalogsLoadStarted())
      .next()
      .all([call(callWithTimeout, fetchRegions), call(callWithTimeout, fetchCountries)])
      .throw(new HttpError(0, 'Failed to fetch'))
      .put(catalogsLoadFailed())
      .next()
      .put(erpError('Failed to fetch'))
      .next()
      .isDone();
  });
});

describe('save profile, step by step', () => {
  it('success: the updated profile is kept and Perfil Modicado!! is shown', () => {
    testSaga(handleSaveProfile, profileSaveSubmitted(body))
      .next()
      .call(callWithTimeout, updateProfile, body)
      .next(updated)
      .put(profileSaved(updated))
      .next()
      .call(keepProfile, updated)
      .next()
      .call(notify, 'Perfil Modicado!!', 'success')
      .next()
      .isDone();
  });

  it('failure: the server message', () => {
    testSaga(handleSaveProfile, profileSaveSubmitted(body))
      .next()
      .call(callWithTimeout, updateProfile, body)
      .throw(new HttpError(400, 'El email no tiene el formato correcto', { mail: 'El email no tiene el formato correcto' }))
      .put(profileSaveFailed('El email no tiene el formato correcto'))
      .next()
      .isDone();
  });

  it('timeout: a connection problem', () => {
    testSaga(handleSaveProfile, profileSaveSubmitted(body))
      .next()
      .call(callWithTimeout, updateProfile, body)
      .throw(new HttpError(0, MSG.connectionProblem))
      .put(profileSaveFailed('problema de conexión'))
      .next()
      .isDone();
  });
});

it('keepProfile: the event the session listens to (the store keeps the session across a reload)', () => {
  testSaga(keepProfile, pacifico).next().put(profileRefreshed(pacifico)).next().isDone();
});

describe('load flow with the reducers', () => {
  it('a buyer without a profile in session ends with profile, regions and countries', async () => {
    const { storeState } = await expectSaga(handleScreenOpened)
      .withReducer(profileReducers, { session: buyerSession(null), profile: initialProfileState } as never)
      .provide([
        [matchers.call.fn(fetchProfile), pacifico],
        [matchers.call.fn(fetchRegions), regions],
        [matchers.call.fn(fetchCountries), countries],
      ])
      .put(profileRefreshed(pacifico))
      .run();
    expect(storeState.profile).toEqual({
      ...initialProfileState,
      profile: pacifico,
      load: { status: 'loaded', error: null },
      catalogs: { status: 'loaded', regions, countries },
      save: { status: 'idle', error: null },
    });
    expect(JSON.parse(storedFields(storeState).profile ?? 'null')).toEqual(pacifico);
  });

  it('an ERP that does not answer ends failed with the B1 error in the message bar', async () => {
    const { storeState } = await expectSaga(handleScreenOpened)
      .withReducer(profileReducers, { session: buyerSession(null), profile: initialProfileState } as never)
      .provide([[matchers.call.fn(fetchProfile), never()], [matchers.call.fn(fetchRegions), regions], [matchers.call.fn(fetchCountries), countries], timeoutNow])
      .run();
    expect(storeState.profile.load).toEqual({ status: 'failed', error: 'problema de conexión', errorStatus: 0 });
    expect(storeState.message.current).toEqual({ tipoMessage: 'Error', message: ' problema de conexión, intentelo mas tarde (B1) ' });
  });
});

describe('save flow with the reducers', () => {
  it('ends idle with the updated profile in the slice and session storage, and the toast', async () => {
    const toast = jest.fn();
    const { storeState } = await expectSaga(handleSaveProfile, profileSaveSubmitted(body))
      .withReducer(profileReducers, { session: buyerSession(), profile: { ...initialProfileState, save: { status: 'running', error: null } } } as never)
      .provide([
        [matchers.call.fn(updateProfile), updated],
        [matchers.call.fn(notify), toast],
      ])
      .put(profileRefreshed(updated))
      .call(notify, 'Perfil Modicado!!', 'success')
      .run();
    expect(storeState.profile.profile).toEqual(updated);
    expect(storeState.profile.save).toEqual({ status: 'idle', error: null });
    expect(JSON.parse(storedFields(storeState).profile ?? 'null')).toEqual(updated);
  });

  it('a 400 ends failed with the server message and nothing stored', async () => {
    const { storeState } = await expectSaga(handleSaveProfile, profileSaveSubmitted(body))
      .withReducer(profileReducers, { session: buyerSession(), profile: { ...initialProfileState, save: { status: 'running', error: null } } } as never)
      .provide([[matchers.call.fn(updateProfile), throwError(new HttpError(400, 'La región no corresponde al país seleccionado'))]])
      .not.call.fn(notify)
      .run();
    expect(storeState.profile.save).toEqual({ status: 'failed', error: 'La región no corresponde al país seleccionado' });
    expect(storeState.profile.profile).toBeNull();
    expect(storedFields(storeState).profile).toBe(JSON.stringify(pacifico)); // the session's, unchanged
  });

  it('an update that does not answer in time ends failed', async () => {
    const { storeState } = await expectSaga(handleSaveProfile, profileSaveSubmitted(body))
      .withReducer(profileReducers, { session: buyerSession(), profile: initialProfileState } as never)
      .provide([[matchers.call.fn(updateProfile), never()], timeoutNow])
      .run();
    expect(storeState.profile.save).toEqual({ status: 'failed', error: 'problema de conexión' });
  });
});
