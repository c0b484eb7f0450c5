import type { AccountAlertsPreference } from '@shared/api/account';
import type { Country, CustomerProfile, Region } from '@shared/api/erp';
import type { UpdateProfileRequest } from '@shared/schemas/profile';
import { http, type RequestOptions } from '@client/api/http';

// The profile calls (R-PROF-1, R-PROF-2).
export { fetchProfile } from '@client/api/profile';

export const updateProfile = (body: UpdateProfileRequest, options?: RequestOptions) => http.post<CustomerProfile>('/user/b1/update-profile', body, options);

export const fetchRegions = (options?: RequestOptions) => http.get<Region[]>('/user/b1/region', options);

export const fetchCountries = (options?: RequestOptions) => http.get<Country[]>('/user/b1/pais', options);

/** The person's own mail alerts of the cuenta corriente (new invoice, due in 3 days, overdue). */
export const fetchAccountAlerts = (options?: RequestOptions) => http.get<AccountAlertsPreference>('/user/account/alerts', options);

export const saveAccountAlerts = (body: AccountAlertsPreference, options?: RequestOptions) => http.put<AccountAlertsPreference>('/user/account/alerts', body, options);
