import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Country, CustomerProfile, Region } from '@shared/api/erp';
import type { UpdateProfileRequest } from '@shared/schemas/profile';
import { loggedOut, sessionExpired } from '@client/app/events';

export type FlowStatus = 'idle' | 'running' | 'failed';

export interface ProfileState {
  /** The profile this screen read or saved; null until then (the screen falls back to the session's). */
  profile: CustomerProfile | null;
  load: { status: FlowStatus; error: string | null };
  /** Regions and countries of the address popups, loaded once per session. */
  catalogs: { status: FlowStatus | 'loaded'; regions: Region[]; countries: Country[] };
  save: { status: FlowStatus; error: string | null };
}

export const initialProfileState: ProfileState = {
  profile: null,
  load: { status: 'idle', error: null },
  catalogs: { status: 'idle', regions: [], countries: [] },
  save: { status: 'idle', error: null },
};

const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    /** The profile screen mounted: the saga loads what is missing. */
    screenOpened() {},
    loadStarted(state) {
      state.load = { status: 'running', error: null };
    },
    loaded(state, action: PayloadAction<CustomerProfile>) {
      state.profile = action.payload;
      state.load = { status: 'idle', error: null };
    },
    loadFailed(state, action: PayloadAction<string>) {
      state.load = { status: 'failed', error: action.payload };
    },
    catalogsLoadStarted(state) {
      state.catalogs.status = 'running';
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
} = profileSlice.actions;
export const profileReducer = profileSlice.reducer;
