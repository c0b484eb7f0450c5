import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { AccountAlertsPreference } from '@shared/api/account';
import type { Country, CustomerProfile, Region } from '@shared/api/erp';
import { fill, MSG } from '@shared/messages';
import type { UpdateProfileRequest } from '@shared/schemas/profile';
import { toApiError } from '@client/api/http';
import { failureOf } from '@client/app/problems';
import { profileRefreshed } from '@client/app/events';
import { messageShown } from '@client/app/messageSlice';
import { notify } from '@client/app/notify';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { fetchAccountAlerts, fetchCountries, fetchProfile, fetchRegions, saveAccountAlerts, updateProfile } from './api';
import { selectCatalogsStatus, selectCustomerProfile, selectSessionUserId } from './profileSelectors';
import {
  alertsLoaded,
  alertsLoadFailed,
  alertsOpened,
  alertsSaved,
  alertsSaveFailed,
  alertsToggled,
  catalogsLoaded,
  catalogsLoadFailed,
  catalogsLoadStarted,
  profileLoaded,
  profileLoadFailed,
  profileLoadStarted,
  profileSaved,
  profileSaveFailed,
  profileSaveSubmitted,
  profileScreenOpened,
  type ProfileState,
} from './profileSlice';
import { PROFILE_TEXT } from './profileTexts';

/** R-INV-4: an ERP load failure goes to the global message bar, title 'Error'. */
const erpLoadFailedMessage = (message: string) => messageShown({ tipoMessage: 'Error', message: fill(MSG.erpLoadFailed, { message }) });

/** The new profile, for the session (which the store keeps across a reload: app/persistence) and this screen. */
export function* keepProfile(profile: CustomerProfile) {
  yield put(profileRefreshed(profile));
}

/** GET /user/b1/profile/{userId}, when the session has none (its load at login failed). */
export function* handleLoadProfile(userId: number) {
  yield put(profileLoadStarted());
  try {
    const profile: CustomerProfile = yield call(callWithTimeout, fetchProfile, userId);
    yield put(profileLoaded(profile));
    yield call(keepProfile, profile);
  } catch (error) {
    const failure = failureOf(error);
    yield put(profileLoadFailed(failure));
    yield put(erpLoadFailedMessage(failure.message));
  }
}

/** Regions and countries of the address popups, both at once. */
export function* handleLoadCatalogs() {
  yield put(catalogsLoadStarted());
  try {
    const [regions, countries]: [Region[], Country[]] = yield all([call(callWithTimeout, fetchRegions), call(callWithTimeout, fetchCountries)]);
    yield put(catalogsLoaded({ regions, countries }));
  } catch (error) {
    yield put(catalogsLoadFailed());
    yield put(erpLoadFailedMessage(toApiError(error).message));
  }
}

/** The screen opened: load the profile if the session has none, and the regions and countries once. */
export function* handleScreenOpened() {
  const userId: number | null = yield select(selectSessionUserId);
  const profile: CustomerProfile | null = yield select(selectCustomerProfile);
  const catalogs: ProfileState['catalogs']['status'] = yield select(selectCatalogsStatus);
  const loads = [];
  if (!profile && userId !== null) loads.push(call(handleLoadProfile, userId));
  if (catalogs === 'idle' || catalogs === 'failed') loads.push(call(handleLoadCatalogs));
  if (loads.length) yield all(loads);
}

/** 'Guardar Cambios': POST /user/b1/update-profile; the answer is the updated profile. */
export function* handleSaveProfile(action: PayloadAction<UpdateProfileRequest>) {
  try {
    const profile: CustomerProfile = yield call(callWithTimeout, updateProfile, action.payload);
    yield put(profileSaved(profile));
    yield call(keepProfile, profile);
    yield call(notify, PROFILE_TEXT.saved, 'success');
  } catch (error) {
    // the server's message (a 400 names the first invalid field in Spanish)
    yield put(profileSaveFailed(toApiError(error).message));
  }
}

/** GET /api/user/account/alerts: the person's own preference (finance people see the switch). */
export function* handleAlertsOpened() {
  try {
    const preference: AccountAlertsPreference = yield call(callWithTimeout, fetchAccountAlerts);
    yield put(alertsLoaded(preference));
  } catch (error) {
    yield put(alertsLoadFailed(failureOf(error)));
  }
}

/**
 * The switch flipped (already shown in its new place): PUT /api/user/account/alerts, a toast when saved; refused or
 * lost, the switch goes back to where it was and the toast says why. A second flip while one saves replaces it
 * (takeLatest): the PUT sets the value, so the last one sent is what the server keeps.
 */
export function* handleAlertsToggled(action: PayloadAction<boolean>) {
  const enabled = action.payload;
  try {
    const saved: AccountAlertsPreference = yield call(callWithTimeout, saveAccountAlerts, { enabled });
    yield put(alertsSaved(saved));
    yield call(notify, saved.enabled ? PROFILE_TEXT.alertsOn : PROFILE_TEXT.alertsOff, 'success');
  } catch (error) {
    const { message } = toApiError(error);
    yield put(alertsSaveFailed({ enabled: !enabled, message }));
    yield call(notify, fill(PROFILE_TEXT.alertsSaveFailed, { message }), 'error');
  }
}

export function* profileSaga() {
  yield all([
    takeLeading(profileScreenOpened.type, safe(handleScreenOpened)),
    takeLeading(profileSaveSubmitted.type, safe(handleSaveProfile)),
    takeLatest(alertsOpened.type, safe(handleAlertsOpened)),
    takeLatest(alertsToggled.type, safe(handleAlertsToggled)),
  ]);
}
