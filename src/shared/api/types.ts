import type { Role } from '../roles';

/** Every error the API answers: Spanish message, plus per-field messages for validation errors. */
export interface ApiError {
  status: number;
  message: string;
  fields?: Record<string, string>;
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface LoginResponse {
  /** JWT, sent back as-is in the Authorization header (no prefix). Empty when the user may not start a session. */
  token: string;
  id: number;
  type: Role;
  userActive: boolean;
  /** false when the user must change the password before starting a session (spec's naming). */
  changePassword: boolean;
}

export interface ChangePasswordRequest {
  username: string;
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

export interface MessageResponse {
  message: string;
}

export interface HealthResponse {
  status: 'ok';
}

export interface ReadyResponse {
  status: 'ok' | 'unavailable';
  checks: Record<string, 'ok' | 'unavailable'>;
}
