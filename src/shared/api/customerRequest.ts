import type { NotificationSection } from '../orders';

// The customer creation request (R-REQ-1: POST /user/sendmail), sent by anonymous visitors.

export interface CustomerRequestFields {
  companyName: string;
  rutCompany: string;
  addressCompany: string;
  region: string;
  city: string;
  commune: string;
  /** Digits only. */
  telephone: string;
  /** Exactly 8 digits (the form shows +569 before them). */
  cellphone: string;
  giro: string;
  legalRepresentative: string;
  rutLegalRepresentative: string;
  emailRepresentative: string;
  nameContactCompany: string;
  rutContactCompany: string;
  cargoContactCompany: string;
  telephoneContactCompany: string;
  cellphoneContactCompany: string;
  emailContactCompany: string;
  codeTax: string;
  /** 'Clave tributaria': only in the mail to the recipient, never stored or logged by the portal. */
  passwordTax: string;
}

/**
 * POST /user/sendmail: 202 {message: 'Enviado correo a {brand}!!'}; 404 'No existe correo para notificar a {brand}'
 * when no CREATION_USER recipient exists; 400 with field messages; 429 when one address sends too many.
 * `senderTo` is accepted for the spec's shape and ignored: the server picks the CREATION_USER recipient itself.
 */
export interface CustomerRequest extends CustomerRequestFields {
  senderTo?: string;
  section?: Extract<NotificationSection, 'CREATION_USER'>;
}

/**
 * GET /user/sendmail/section/CREATION_USER for an anonymous visitor: whether the recipient exists, without its
 * address (404 'No existe correo para notificar a {brand}' when none). Logged-in callers get the whole record.
 */
export interface PublicRecipient {
  id: number;
  section: NotificationSection;
}
