import type { CompanyRole } from '../companyRoles';
import type { OrderState } from '../orders';
import type { Role } from '../roles';
import type { CompanyApprovalChanges } from './companyApprovals';
import type { RepSessionInfo } from './reps';

/** What kind of failure an error is, when the SPA words it on its own: the ERP could not be reached (or timed out). */
export type ApiErrorCode = 'ERP_UNAVAILABLE';

/**
 * Where the buyer's order stands after 'Ir a Pagar' failed on the server (a 5xx of POST /api/orders or of a payment's
 * start): not created (nothing was charged and the cart is as it was), or created, with its number and state.
 */
export interface OrderStanding {
  created: boolean;
  /** OC000123: only when created. */
  purchaseOrderNumber?: string;
  orderState?: OrderState;
  /** A payment of the order is under way at its provider (card and transfer orders). */
  paymentStarted?: boolean;
}

/**
 * Every error the API answers: Spanish message, plus per-field messages for validation errors, the kind of failure
 * when the SPA needs it (`code`), and where the order stands when 'Ir a Pagar' failed (`order`).
 */
export interface ApiError {
  status: number;
  message: string;
  fields?: Record<string, string>;
  code?: ApiErrorCode;
  order?: OrderStanding;
  /** An approve of a waiting order whose prices or stock changed (409): what changed, and the order as it is now. */
  approval?: CompanyApprovalChanges;
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
  /** The buying company the user acts for, their role in it and their name; null for the wholesaler's admins and reps. */
  company: SessionCompany | null;
  /** A sales rep's (VENDEDOR) link to the ERP and the customer they represent; null for anyone else. */
  rep: RepSessionInfo | null;
}

/** The company a buyer acts for (its rut), their role inside it and the person's name ('' when none is kept). */
export interface SessionCompany {
  rut: string;
  role: CompanyRole;
  name: string;
}

/** GET /api/security/me: who the token belongs to and the company they act for. */
export interface SessionMe {
  id: number;
  username: string;
  type: Role;
  company: SessionCompany | null;
  rep: RepSessionInfo | null;
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
