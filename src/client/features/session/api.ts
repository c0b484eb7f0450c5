import type { ChangePasswordRequest, LoginRequest, LoginResponse, MessageResponse } from '@shared/api/types';
import { http, type RequestOptions } from '@client/api/http';

// Login and change-password never carry the token: their 401 means wrong credentials, not an expired session.
export const login = (body: LoginRequest, options?: RequestOptions) => http.post<LoginResponse>('/security/login', body, { ...options, auth: false });

export const changePassword = (body: ChangePasswordRequest, options?: RequestOptions) =>
  http.post<MessageResponse>('/security/change-password', body, { ...options, auth: false });

export { fetchProfile } from '@client/api/profile';
