import type { Country, CustomerProfile, Region } from '@shared/api/erp';
import type { UpdateProfileRequest } from '@shared/schemas/profile';
import { http, type RequestOptions } from '@client/api/http';

// The profile calls (R-PROF-1, R-PROF-2).
export { fetchProfile } from '@client/api/profile';

export const updateProfile = (body: UpdateProfileRequest, options?: RequestOptions) => http.post<CustomerProfile>('/user/b1/update-profile', body, options);

export const fetchRegions = (options?: RequestOptions) => http.get<Region[]>('/user/b1/region', options);

export const fetchCountries = (options?: RequestOptions) => http.get<Country[]>('/user/b1/pais', options);
