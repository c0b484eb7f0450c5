import type { ChangePasswordRequest, LoginRequest, LoginResponse, MessageResponse } from '@shared/api/types';
import { http } from '@client/api/http';
import type { CustomerProfile } from '@shared/api/erp';

// Login and change-password never carry the token: their 401 means wrong credentials, not an expired session.
export const login = (body: LoginRequest) => http.post<LoginResponse>('/security/login', body, { auth: false });

export const changePassword = (body: ChangePasswordRequest) =>
  http.post<MessageResponse>('/security/change-password', body, { auth: false });

export const fetchProfile = (userId: number) => http.get<CustomerProfile>(`/user/b1/profile/${userId}`);
