import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountAlertsPreference } from '@shared/api/account';
import type { Country, CustomerProfile, Region } from '@shared/api/erp';
import type { UpdateProfileRequest } from '@shared/schemas/profile';
import { loggedOut, sessionExpired } from '@client/app/events';
import { idleFlow, idleLoad, loadedWith, loadFailed, startLoading, type Flow, type Loadable, type LoadFailure, type LoadState, type LoadStatus } from '@client/app/loadable';

export interface ProfileState {
  /** The profile this screen read or saved; null until then (the screen falls back to the session's). */
  profile: CustomerProfile | null;
  load: LoadState;
  /** Regions and countries of the address popups, loaded once per session. */
  catalogs: { status: LoadStatus; regions: Region[]; countries: Country[] };
  save: Flow;
  /** The person's own mail alerts of the cuenta corriente (finance people): the switch shows `data`. */
  alerts: Loadable<AccountAlertsPreference | null>;
  /** The switch's save: the new value is shown at once and goes back if the server refuses it. */
  alertsSave: Flow;
}

export const initialProfileState: ProfileState = {
  profile: null,
  load: { status: 'idle', error: null },
  catalogs: { status: 'idle', regions: [], countries: [] },
  save: idleFlow,
  alerts: idleLoad(null),
  alertsSave: idleFlow,
};

const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    /** The profile screen mounted: the saga loads what is missing. */
    screenOpened() {},
    loadStarted(state) {
      startLoading(state.load);
    },
    loaded(state, action: PayloadAction<CustomerProfile>) {
      state.profile = action.payload;
      state.load = { status: 'loaded', error: null };
    },
    loadFailed(state, action: PayloadAction<LoadFailure>) {
      loadFailed(state.load, action.payload);
    },
    catalogsLoadStarted(state) {
      state.catalogs.status = 'loading';
    },
    catalogsLoaded(state, action: PayloadAction<{ regions: Region[]; countries: Country[] }>) {
      state.catalogs = { status: 'loaded', ...action.payload };
    },
    catalogsLoadFailed(state) {
      state.catalogs.status = 'failed';
    },
    /** 'Guardar Cambios' with the whole draft: the one event the screen sends. */
    saveSubmitted(state, _action: PayloadAction<UpdateProfileRequest>) {
      state.save = { status: 'running', error: null };
    },
    saved(state, action: PayloadAction<CustomerProfile>) {
      state.profile = action.payload;
      state.save = { status: 'idle', error: null };
    },
    saveFailed(state, action: PayloadAction<string>) {
      state.save = { status: 'failed', error: action.payload };
    },
    saveAlertClosed(state) {
      state.save = { status: 'idle', error: null };
    },

    /** The alerts switch shown (a finance person's profile): the saga reads the preference. */
    alertsOpened(state) {
      startLoading(state.alerts);
    },
    alertsLoaded(state, action: PayloadAction<AccountAlertsPreference>) {
      state.alerts = loadedWith(action.payload);
    },
    alertsLoadFailed(state, action: PayloadAction<LoadFailure>) {
      loadFailed(state.alerts, action.payload);
    },
    /** The switch flipped: shown at once (optimistic); the saga saves it. */
    alertsToggled(state, action: PayloadAction<boolean>) {
      state.alerts.data = { enabled: action.payload };
      state.alertsSave = { status: 'running', error: null };
    },
    alertsSaved(state, action: PayloadAction<AccountAlertsPreference>) {
      state.alerts.data = action.payload;
      state.alertsSave = idleFlow;
    },
    /** The save was refused or lost: the switch goes back to what the server holds. */
    alertsSaveFailed(state, action: PayloadAction<{ enabled: boolean; message: string }>) {
      state.alerts.data = { enabled: action.payload.enabled };
      state.alertsSave = { status: 'failed', error: action.payload.message };
    },
  },
  // another buyer may log in next: nothing of this one stays
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialProfileState).addCase(sessionExpired, () => initialProfileState),
});

export const {
  screenOpened: profileScreenOpened,
  loadStarted: profileLoadStarted,
  loaded: profileLoaded,
  loadFailed: profileLoadFailed,
  catalogsLoadStarted,
  catalogsLoaded,
  catalogsLoadFailed,
  saveSubmitted: profileSaveSubmitted,
  saved: profileSaved,
  saveFailed: profileSaveFailed,
  saveAlertClosed: profileSaveAlertClosed,
  alertsOpened,
  alertsLoaded,
  alertsLoadFailed,
  alertsToggled,
  alertsSaved,
  alertsSaveFailed,
} = profileSlice.actions;
export const profileReducer = profileSlice.reducer;
