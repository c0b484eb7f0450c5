import type { CustomerProfile } from '@shared/api/erp';
import type { ProfileState } from './profileSlice';

/**
 * The part of the store this feature reads: its own slice and, structurally, the session's user id and profile
 * (a feature does not import another one).
 */
export interface ProfileRootState {
  profile: ProfileState;
  session: { id: number | null; profile: CustomerProfile | null };
}

export const selectSessionUserId = (state: ProfileRootState) => state.session.id;
/** The freshest profile: the one this screen read or saved, else the one loaded at login. */
export const selectCustomerProfile = (state: ProfileRootState) => state.profile.profile ?? state.session.profile;
export const selectProfileLoad = (state: ProfileRootState) => state.profile.load;
export const selectProfileSave = (state: ProfileRootState) => state.profile.save;
export const selectCatalogsStatus = (state: ProfileRootState) => state.profile.catalogs.status;
export const selectRegions = (state: ProfileRootState) => state.profile.catalogs.regions;
export const selectCountries = (state: ProfileRootState) => state.profile.catalogs.countries;

export const selectAccountAlerts = (state: ProfileRootState) => state.profile.alerts;
export const selectAccountAlertsSave = (state: ProfileRootState) => state.profile.alertsSave;
