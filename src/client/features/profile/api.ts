import type { Country, CustomerProfile, Region } from '@shared/api/erp';
import type { UpdateProfileRequest } from '@shared/schemas/profile';
import { http } from '@client/api/http';

// Spec section 7, security and profile.
export const fetchProfile = (userId: number) => http.get<CustomerProfile>(`/user/b1/profile/${userId}`);

export const updateProfile = (body: UpdateProfileRequest) => http.post<CustomerProfile>('/user/b1/update-profile', body);

export const fetchRegions = () => http.get<Region[]>('/user/b1/region');

export const fetchCountries = () => http.get<Country[]>('/user/b1/pais');
