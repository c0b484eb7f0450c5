import type { CustomerProfile } from '@shared/api/erp';
import { http, type RequestOptions } from './http';

// The buyer's ERP profile, read at login (session) and by the profile screen: one call for both.
export const fetchProfile = (userId: number, options?: RequestOptions) => http.get<CustomerProfile>(`/user/b1/profile/${userId}`, options);
