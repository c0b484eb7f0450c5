// The payments of the Khipu v3 stand-in: creation with its validation, the GET view, delete / confirm / refund
// rules, and the payer's moves (pay → verifying → done/normal; reject → done/rejected-by-payer or marked-as-abuse).
import { randomBytes, randomInt } from 'node:crypto';
import { KHIPU_MESSAGES, KhipuApiError, badRequest, notFound, type KhipuFieldError } from './errors';

export type KhipuStatus = 'pending' | 'verifying' | 'done';
export type KhipuStatusDetail = 'pending' | 'normal' | 'marked-paid-by-receiver' | 'rejected-by-payer' | 'marked-as-abuse' | 'reversed';

export interface KhipuBankInfo {
  bank_id: string;
  name: string;
  message: string;
  min_amount: number;
  type: 'Persona' | 'Empresa';
  parent: string;
  logo_url: string;
}

/** The stand-in's banks (DemoBank is Khipu's own development bank). */
export const KHIPU_BANKS: KhipuBankInfo[] = [
  { bank_id: 'Bawdf', name: 'DemoBank', message: 'Banco de pruebas de Khipu.', min_amount: 200, type: 'Persona', parent: '', logo_url: '' },
  { bank_id: 'Bawdg', name: 'DemoBank Empresas', message: 'Banco de pruebas de Khipu (empresas).', min_amount: 200, type: 'Empresa', parent: 'Bawdf', logo_url: '' },
];

const CURRENCIES = ['CLP', 'CLF', 'ARS', 'PEN', 'MXN', 'USD', 'EUR', 'BOB', 'COP'];
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export interface KhipuPaymentRecord {
  payment_id: string;
  createdAt: number;
  subject: string;
  body: string;
  amount: number;
  currency: string;
  transaction_id: string;
  custom: string;
  return_url: string;
  cancel_url: string;
  picture_url: string;
  notify_url: string;
  notify_api_version: string;
  expires_date: string;
  send_email: boolean;
  send_reminders: boolean;
  payer_name: string;
  payer_email: string;
  responsible_user_email: string;
  fixed_payer_personal_identifier: string;
  /** Bank chosen at create (bank_id) or by the payer. */
  bank_id: string;
  bank: string;
  personal_identifier: string;
  bank_account_number: string;
  status: KhipuStatus;
  status_detail: KhipuStatusDetail;
  notification_token: string;
  conciliation_date: string;
  payment_method: 'regular_transfer' | 'simplified_transfer' | 'not_available';
  out_of_date_conciliation: boolean;
  confirmed: boolean;
  refunded: number;
  /** The collection account this payment is reported under; absent: the stand-in's own (test knob alter()). */
  receiver_id?: number;
}

export function parseJsonBody(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'string' || raw.trim() === '') throw badRequest(KHIPU_MESSAGES.malformed);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(KHIPU_MESSAGES.malformed);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest(KHIPU_MESSAGES.malformed);
  return value as Record<string, unknown>;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A number, or a string of digits with up to 4 decimals ("1000.0000"). */
export function parseAmount(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+(\.\d{1,4})?$/.test(value.trim())) return Number(value);
  return undefined;
}

export class KhipuStore {
  readonly payments = new Map<string, KhipuPaymentRecord>();

  constructor(
    readonly receiverId: number,
    private readonly now: () => number,
    private readonly baseUrl: () => string,
  ) {}

  newId(): string {
    for (;;) {
      const id = Array.from({ length: 12 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');
      if (!this.payments.has(id)) return id;
    }
  }

  create(raw: unknown): KhipuPaymentRecord {
    const b = parseJsonBody(raw);
    const errors: KhipuFieldError[] = [];
    const str = (field: string, max = 4096): string => {
      const v = b[field];
      if (v === undefined || v === null) return '';
      if (typeof v !== 'string') { errors.push({ field, message: 'debe ser un texto' }); return ''; }
      if (v.length > max) errors.push({ field, message: `no puede tener más de ${max} caracteres` });
      return v;
    };
    const url = (field: string): string => {
      const v = str(field, 2048);
      if (v && !isHttpUrl(v)) errors.push({ field, message: 'debe ser una URL http o https' });
      return v;
    };
    const bool = (field: string): boolean => {
      const v = b[field];
      if (v === undefined || v === null) return false;
      if (typeof v !== 'boolean') errors.push({ field, message: 'debe ser true o false' });
      return v === true;
    };

    const subject = str('subject', 255);
    if (!subject.trim()) errors.push({ field: 'subject', message: 'es obligatorio' });
    const currency = str('currency', 3);
    if (!currency) errors.push({ field: 'currency', message: 'es obligatorio' });
    else if (!CURRENCIES.includes(currency)) errors.push({ field: 'currency', message: 'moneda desconocida' });
    else if (currency !== 'CLP') errors.push({ field: 'currency', message: 'la cuenta de cobro solo acepta CLP' });
    let amount = 0;
    if (b.amount === undefined || b.amount === null) errors.push({ field: 'amount', message: 'es obligatorio' });
    else {
      const parsed = parseAmount(b.amount);
      if (parsed === undefined || parsed <= 0) errors.push({ field: 'amount', message: 'debe ser un número mayor que cero' });
      else if (currency === 'CLP' && !Number.isInteger(parsed)) errors.push({ field: 'amount', message: 'los montos en CLP no tienen decimales' });
      else amount = parsed;
    }
    const notifyApiVersion = str('notify_api_version', 10);
    if (notifyApiVersion && notifyApiVersion !== '3.0') errors.push({ field: 'notify_api_version', message: 'este simulador solo notifica con la versión 3.0' });
    let expires = this.now() + 24 * 3_600_000;
    const expiresRaw = str('expires_date', 64);
    if (expiresRaw) {
      const t = Date.parse(expiresRaw);
      if (!/^\d{4}-\d\d-\d\dT/.test(expiresRaw) || Number.isNaN(t)) errors.push({ field: 'expires_date', message: 'debe ser una fecha ISO-8601' });
      else if (t <= this.now()) errors.push({ field: 'expires_date', message: 'debe ser una fecha futura' });
      else expires = t;
    }
    const sendEmail = bool('send_email');
    const payerEmail = str('payer_email', 255);
    const payerName = str('payer_name', 255);
    if (sendEmail && !payerEmail) errors.push({ field: 'payer_email', message: 'es obligatorio cuando send_email es true' });
    if (sendEmail && !payerName) errors.push({ field: 'payer_name', message: 'es obligatorio cuando send_email es true' });
    const bankId = str('bank_id', 16);
    if (bankId && !KHIPU_BANKS.some((k) => k.bank_id === bankId)) errors.push({ field: 'bank_id', message: 'banco desconocido' });

    const record: KhipuPaymentRecord = {
      payment_id: this.newId(),
      createdAt: this.now(),
      subject, body: str('body'), amount, currency,
      transaction_id: str('transaction_id', 255),
      custom: str('custom'),
      return_url: url('return_url'),
      cancel_url: url('cancel_url'),
      picture_url: url('picture_url'),
      notify_url: url('notify_url'),
      notify_api_version: notifyApiVersion || '3.0',
      expires_date: expiresRaw || new Date(expires).toISOString(),
      send_email: sendEmail,
      send_reminders: bool('send_reminders'),
      payer_name: payerName,
      payer_email: payerEmail,
      responsible_user_email: str('responsible_user_email', 255),
      fixed_payer_personal_identifier: str('fixed_payer_personal_identifier', 32),
      bank_id: bankId,
      bank: KHIPU_BANKS.find((k) => k.bank_id === bankId)?.name ?? '',
      personal_identifier: '',
      bank_account_number: '',
      status: 'pending',
      status_detail: 'pending',
      notification_token: randomBytes(32).toString('hex'),
      conciliation_date: '',
      payment_method: 'not_available',
      out_of_date_conciliation: false,
      confirmed: false,
      refunded: 0,
    };
    if (errors.length > 0) throw badRequest(KHIPU_MESSAGES.validation, errors);
    this.payments.set(record.payment_id, record);
    return record;
  }

  find(id: string): KhipuPaymentRecord {
    const p = this.payments.get(id);
    if (!p) throw notFound();
    return p;
  }

  urls(p: KhipuPaymentRecord): Record<string, string | boolean> {
    const base = this.baseUrl();
    return {
      payment_url: `${base}/payment/info/${p.payment_id}`,
      simplified_transfer_url: `${base}/payment/simplified/${p.payment_id}`,
      transfer_url: `${base}/payment/manual/${p.payment_id}`,
      app_url: `khipu:///pos/${p.payment_id}`,
      ready_for_terminal: false,
    };
  }

  createAnswer(p: KhipuPaymentRecord): Record<string, unknown> {
    return { payment_id: p.payment_id, ...this.urls(p) };
  }

  receiptUrl(p: KhipuPaymentRecord): string {
    return p.status === 'done' && p.status_detail !== 'rejected-by-payer' && p.status_detail !== 'marked-as-abuse'
      ? `${this.baseUrl()}/payment/receipt/${p.payment_id}`
      : '';
  }

  /** GET /v3/payments/{id}. */
  view(p: KhipuPaymentRecord): Record<string, unknown> {
    return {
      payment_id: p.payment_id,
      ...this.urls(p),
      notification_token: p.notification_token,
      receiver_id: p.receiver_id ?? this.receiverId,
      conciliation_date: p.conciliation_date,
      subject: p.subject,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      status_detail: p.status_detail,
      body: p.body,
      picture_url: p.picture_url,
      receipt_url: this.receiptUrl(p),
      return_url: p.return_url,
      cancel_url: p.cancel_url,
      notify_url: p.notify_url,
      notify_api_version: p.notify_api_version,
      expires_date: p.expires_date,
      attachment_urls: [],
      bank: p.bank,
      bank_id: p.bank_id,
      payer_name: p.payer_name,
      payer_email: p.payer_email,
      personal_identifier: p.personal_identifier,
      bank_account_number: p.bank_account_number,
      out_of_date_conciliation: p.out_of_date_conciliation,
      transaction_id: p.transaction_id,
      custom: p.custom,
      responsible_user_email: p.responsible_user_email,
      send_reminders: p.send_reminders,
      send_email: p.send_email,
      payment_method: p.payment_method,
      funds_source: '',
      discount: 0,
    };
  }

  /**
   * The body of the v3 notification: the fields (and order) of Khipu's public test vector. The same body is sent for a
   * conciliated payment and for a failed one (rejected by the payer, marked as abuse): the merchant reads the state.
   */
  notificationPayload(p: KhipuPaymentRecord): Record<string, unknown> {
    const date = new Date(p.conciliation_date || this.now()).toISOString().slice(0, 10).replace(/-/g, '');
    return {
      payment_id: p.payment_id,
      receiver_id: p.receiver_id ?? this.receiverId,
      subject: p.subject,
      amount: p.amount.toFixed(4),
      discount: '0.0000',
      currency: p.currency,
      receipt_url: this.receiptUrl(p),
      bank: p.bank,
      bank_id: p.bank_id,
      payer_name: p.payer_name,
      payer_email: p.payer_email,
      personal_identifier: p.personal_identifier,
      bank_account_number: p.bank_account_number,
      out_of_date_conciliation: p.out_of_date_conciliation,
      transaction_id: p.transaction_id,
      authorizer_operation_code: `AUT-${date}-${p.payment_id.slice(0, 4).toUpperCase()}`,
      responsible_user_email: p.responsible_user_email,
      payment_method: p.payment_method,
      conciliation_date: p.conciliation_date,
    };
  }

  isExpired(p: KhipuPaymentRecord): boolean {
    return this.now() > Date.parse(p.expires_date);
  }

  delete(id: string): { message: string } {
    const p = this.find(id);
    if (p.status !== 'pending') throw badRequest(KHIPU_MESSAGES.deleteNotPending);
    this.payments.delete(id);
    return { message: 'Pago borrado.' };
  }

  confirm(id: string): { message: string } {
    const p = this.find(id);
    if (p.status !== 'done' || (p.status_detail !== 'normal' && p.status_detail !== 'marked-paid-by-receiver')) {
      throw badRequest(KHIPU_MESSAGES.confirmNotDone);
    }
    if (p.confirmed) throw badRequest(KHIPU_MESSAGES.alreadyConfirmed);
    p.confirmed = true;
    return { message: 'Pago confirmado. Será rendido el día hábil siguiente.' };
  }

  refund(id: string, raw: unknown): { message: string } {
    const body = typeof raw === 'string' && raw.trim() !== '' ? parseJsonBody(raw) : {};
    const p = this.find(id);
    if (p.status !== 'done' || p.status_detail !== 'normal' || p.confirmed) throw badRequest(KHIPU_MESSAGES.refundNotDone);
    const left = p.amount - p.refunded;
    let amount = left;
    if (body.amount !== undefined && body.amount !== null) {
      const parsed = parseAmount(body.amount);
      if (parsed === undefined || parsed <= 0 || (p.currency === 'CLP' && !Number.isInteger(parsed))) {
        throw badRequest(KHIPU_MESSAGES.validation, [{ field: 'amount', message: 'debe ser un número mayor que cero' }]);
      }
      amount = parsed;
    }
    if (amount > left) throw badRequest(KHIPU_MESSAGES.refundTooBig);
    p.refunded += amount;
    if (p.refunded >= p.amount) p.status_detail = 'reversed';
    return { message: amount === p.amount ? 'Reembolso total realizado.' : 'Reembolso parcial realizado.' };
  }

  // ---- the payer's moves ----

  /** Pending → verifying with the payer's bank data (fails when not pending or expired). */
  startPayment(p: KhipuPaymentRecord, bankId?: string): void {
    if (p.status !== 'pending') throw new KhipuApiError(400, `El pago está ${p.status}`);
    if (this.isExpired(p)) throw new KhipuApiError(400, 'El cobro expiró');
    const bank = KHIPU_BANKS.find((k) => k.bank_id === (bankId || p.bank_id)) ?? KHIPU_BANKS[0];
    p.status = 'verifying';
    p.bank_id = bank.bank_id;
    p.bank = bank.name;
    p.payer_name ||= 'Pagador de prueba';
    p.payer_email ||= 'pagador@example.cl';
    p.personal_identifier = p.fixed_payer_personal_identifier || '11.111.111-1';
    p.bank_account_number = '000000000000111111111';
    p.payment_method = 'simplified_transfer';
  }

  /** Verifying → done/normal (the transfer is conciliated). */
  completePayment(p: KhipuPaymentRecord): void {
    if (p.status !== 'verifying') return;
    p.status = 'done';
    p.status_detail = 'normal';
    p.conciliation_date = new Date(this.now()).toISOString();
    p.out_of_date_conciliation = this.isExpired(p);
  }

  /** The payer declares they will not pay (or that the charge is abuse). */
  reject(p: KhipuPaymentRecord, abuse = false): void {
    if (p.status !== 'pending') throw new KhipuApiError(400, `El pago está ${p.status}`);
    p.status = 'done';
    p.status_detail = abuse ? 'marked-as-abuse' : 'rejected-by-payer';
  }
}
