// A small typed client of Khipu's instant-payments API v3 over fetch, and the check of the
// v3 notification signature. It knows the protocol only: it works the same against Khipu and against the
// stand-in in mocks/khipu (only KHIPU_BASE_URL and the credentials differ).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const KHIPU_PRODUCTION_URL = 'https://payment-api.khipu.com';

export type KhipuStatus = 'pending' | 'verifying' | 'done';
export type KhipuStatusDetail = 'pending' | 'normal' | 'marked-paid-by-receiver' | 'rejected-by-payer' | 'marked-as-abuse' | 'reversed';
export type KhipuCurrency = 'CLP' | 'CLF' | 'ARS' | 'PEN' | 'MXN' | 'USD' | 'EUR' | 'BOB' | 'COP';

export interface KhipuCreatePaymentInput {
  /** Whole CLP for CLP. */
  amount: number;
  currency: KhipuCurrency;
  /** ≤ 255 chars. */
  subject: string;
  /** The merchant's own id (the order number). */
  transaction_id?: string;
  body?: string;
  custom?: string;
  return_url?: string;
  cancel_url?: string;
  notify_url?: string;
  /** Defaults to "3.0" when notify_url is given (the only version whose signature verifyNotificationSignature checks). */
  notify_api_version?: '3.0';
  /** ISO-8601. */
  expires_date?: string;
  payer_email?: string;
  payer_name?: string;
  send_email?: boolean;
  send_reminders?: boolean;
  bank_id?: string;
  picture_url?: string;
  responsible_user_email?: string;
  fixed_payer_personal_identifier?: string;
}

export interface KhipuCreatePaymentResult {
  /** 12 chars. */
  payment_id: string;
  payment_url: string;
  simplified_transfer_url: string;
  transfer_url: string;
  app_url: string;
  ready_for_terminal: boolean;
}

/** GET /v3/payments/{id}; amount parsed to a number (Khipu sends a number or a 4-decimal string). */
export interface KhipuPayment extends KhipuCreatePaymentResult {
  subject: string;
  amount: number;
  currency: string;
  status: KhipuStatus;
  status_detail: KhipuStatusDetail;
  transaction_id: string | null;
  receiver_id: number;
  notification_token?: string | null;
  conciliation_date?: string | null;
  body?: string | null;
  custom?: string | null;
  receipt_url?: string | null;
  return_url?: string | null;
  cancel_url?: string | null;
  notify_url?: string | null;
  notify_api_version?: string | null;
  expires_date?: string | null;
  bank?: string | null;
  bank_id?: string | null;
  payer_name?: string | null;
  payer_email?: string | null;
  personal_identifier?: string | null;
  bank_account_number?: string | null;
  out_of_date_conciliation?: boolean;
  payment_method?: string | null;
  /** debit, prepaid, credit, not-available, "" (transfer). */
  funds_source?: string | null;
  discount?: number;
  [field: string]: unknown;
}

export interface KhipuBank {
  bank_id: string;
  name: string;
  message: string;
  min_amount: number;
  type: string;
  parent: string;
  logo_url?: string;
}

/** The v3 notification body (the payment as Khipu's notifier sends it), amount parsed to a number. */
export interface KhipuNotification {
  payment_id: string;
  receiver_id: number;
  amount: number;
  currency?: string;
  subject?: string;
  transaction_id?: string;
  conciliation_date?: string;
  [field: string]: unknown;
}

export interface KhipuFieldError {
  field: string;
  message: string;
}

export type KhipuErrorCode =
  | 'KHIPU_INVALID_REQUEST' // 400 (validation errors in `errors`)
  | 'KHIPU_AUTH' // 401: bad or missing x-api-key
  | 'KHIPU_FORBIDDEN' // 403
  | 'KHIPU_NOT_FOUND' // 404
  | 'KHIPU_UNAVAILABLE' // 5xx, connection refused / reset
  | 'KHIPU_TIMEOUT'
  | 'KHIPU_BAD_RESPONSE';

export class KhipuError extends Error {
  override readonly name = 'KhipuError';
  /** Khipu's HTTP status; 0 when it did not answer. */
  readonly status: number;
  readonly code: KhipuErrorCode;
  /** Field errors of a 400. */
  readonly errors?: KhipuFieldError[];

  constructor(init: { status: number; code: KhipuErrorCode; message: string; errors?: KhipuFieldError[] }, options?: { cause?: unknown }) {
    super(init.message, options);
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
  }

  get retryable(): boolean {
    return this.code === 'KHIPU_UNAVAILABLE' || this.code === 'KHIPU_TIMEOUT';
  }
}

export function isKhipuError(value: unknown): value is KhipuError {
  return value instanceof KhipuError;
}

/** Khipu amounts arrive as numbers or as strings with 4 decimals ("1000.0000"). NaN when neither. */
export function parseKhipuAmount(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return Number.NaN;
}

/** Money received: done with normal (or marked-paid-by-receiver). done + rejected-by-payer / marked-as-abuse is not. */
export function isKhipuPaid(p: Pick<KhipuPayment, 'status' | 'status_detail'>): boolean {
  return p.status === 'done' && (p.status_detail === 'normal' || p.status_detail === 'marked-paid-by-receiver');
}

/** Finished without money: done with rejected-by-payer, marked-as-abuse or reversed (refunded). */
export function isKhipuNotPaid(p: Pick<KhipuPayment, 'status' | 'status_detail'>): boolean {
  return p.status === 'done' && (p.status_detail === 'rejected-by-payer' || p.status_detail === 'marked-as-abuse' || p.status_detail === 'reversed');
}

export type KhipuFetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<Response>;

export interface KhipuClientOptions {
  /** Default https://payment-api.khipu.com (the API is under /v3). */
  baseUrl?: string;
  apiKey: string;
  /** Limit of each request. Default 15 000 ms. */
  timeoutMs?: number;
  /** Replaces the global fetch (tests). */
  fetch?: KhipuFetch;
}

/** Options from KHIPU_BASE_URL / KHIPU_API_KEY / KHIPU_SECRET / KHIPU_RECEIVER_ID (baseUrl undefined = not configured). */
export function khipuOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): {
  baseUrl?: string;
  apiKey?: string;
  secret?: string;
  receiverId?: number;
} {
  const receiver = Number(env.KHIPU_RECEIVER_ID);
  return {
    baseUrl: env.KHIPU_BASE_URL || undefined,
    apiKey: env.KHIPU_API_KEY || undefined,
    secret: env.KHIPU_SECRET || undefined,
    receiverId: Number.isInteger(receiver) && receiver > 0 ? receiver : undefined,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function codeForStatus(status: number): KhipuErrorCode {
  if (status === 401) return 'KHIPU_AUTH';
  if (status === 403) return 'KHIPU_FORBIDDEN';
  if (status === 404) return 'KHIPU_NOT_FOUND';
  if (status >= 500) return 'KHIPU_UNAVAILABLE';
  return 'KHIPU_INVALID_REQUEST';
}

export class KhipuClient {
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: KhipuFetch;

  constructor(options: KhipuClientOptions) {
    this.baseUrl = (options.baseUrl ?? KHIPU_PRODUCTION_URL).replace(/\/+$/, '').replace(/\/v3$/, '');
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.fetchImpl = options.fetch ?? ((url, init) => fetch(url, init));
  }

  async createPayment(input: KhipuCreatePaymentInput): Promise<KhipuCreatePaymentResult> {
    const body = input.notify_url && !input.notify_api_version ? { ...input, notify_api_version: '3.0' } : input;
    const answer = await this.request('POST', '/v3/payments', body);
    if (!isObject(answer) || typeof answer.payment_id !== 'string' || typeof answer.payment_url !== 'string') throw badResponse();
    return answer as unknown as KhipuCreatePaymentResult;
  }

  async getPayment(paymentId: string): Promise<KhipuPayment> {
    const answer = await this.request('GET', `/v3/payments/${encodeURIComponent(paymentId)}`);
    if (!isObject(answer) || typeof answer.payment_id !== 'string' || typeof answer.status !== 'string') throw badResponse();
    const amount = parseKhipuAmount(answer.amount);
    if (Number.isNaN(amount)) throw badResponse();
    return { ...(answer as unknown as KhipuPayment), amount, receiver_id: Number(answer.receiver_id) };
  }

  /** Pending payments only. */
  async deletePayment(paymentId: string): Promise<{ message: string }> {
    return messageOf(await this.request('DELETE', `/v3/payments/${encodeURIComponent(paymentId)}`));
  }

  /** A contracted feature: the payment is rendered the next business day. */
  async confirmPayment(paymentId: string): Promise<{ message: string }> {
    return messageOf(await this.request('POST', `/v3/payments/${encodeURIComponent(paymentId)}/confirm`));
  }

  /** Whole refund when amount is omitted. */
  async refundPayment(paymentId: string, amount?: number): Promise<{ message: string }> {
    return messageOf(await this.request('POST', `/v3/payments/${encodeURIComponent(paymentId)}/refunds`, amount === undefined ? {} : { amount }));
  }

  async getBanks(): Promise<KhipuBank[]> {
    const answer = await this.request('GET', '/v3/banks');
    if (!isObject(answer) || !Array.isArray(answer.banks)) throw badResponse();
    return answer.banks as KhipuBank[];
  }

  private async request(method: string, path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { 'x-api-key': this.apiKey, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new KhipuError({ status: 0, code: 'KHIPU_TIMEOUT', message: `Khipu no respondió en ${this.timeoutMs} ms` }, { cause: error });
      }
      const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
      throw new KhipuError(
        { status: 0, code: 'KHIPU_UNAVAILABLE', message: `Khipu no está disponible (${cause?.code ?? cause?.message ?? (error as Error).message})` },
        { cause: error },
      );
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const errorBody = isObject(parsed) ? parsed : {};
      const message = typeof errorBody.message === 'string' ? errorBody.message : `Khipu respondió ${response.status}`;
      const errors = Array.isArray(errorBody.errors) ? (errorBody.errors as KhipuFieldError[]) : undefined;
      throw new KhipuError({ status: response.status, code: codeForStatus(response.status), message, errors });
    }
    if (parsed === undefined) throw badResponse(response.status);
    return parsed;
  }
}

function badResponse(status = 200): KhipuError {
  return new KhipuError({ status, code: 'KHIPU_BAD_RESPONSE', message: 'Respuesta inválida de Khipu' });
}

function messageOf(answer: unknown): { message: string } {
  if (!isObject(answer) || typeof answer.message !== 'string') throw badResponse();
  return { message: answer.message };
}

// ---- notifications ----

/** `t=<ms>,s=<base64>` → its parts (order and spaces free); null when malformed. */
export function parseKhipuSignatureHeader(header: string | string[] | null | undefined): { timestamp: string; signature: string } | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string') return null;
  let timestamp: string | undefined;
  let signature: string | undefined;
  for (const part of value.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const val = part.slice(eq + 1).trim();
    if (key === 't') timestamp = val;
    else if (key === 's') signature = val;
  }
  if (!timestamp || !/^\d+$/.test(timestamp) || !signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return null;
  return { timestamp, signature };
}

export interface VerifySignatureOptions {
  /** Reject timestamps further than this from now (replay protection). Default: no check. */
  toleranceMs?: number;
  /** Now in ms, for the tolerance check. Default Date.now(). */
  now?: number;
}

/**
 * Checks `x-khipu-signature: t=<ms>,s=<base64(HMAC-SHA256(key = merchant secret, message = t + "." + rawBody))>`
 * over the raw body bytes exactly as received (never a re-serialised JSON), compared in constant time.
 */
export function verifyNotificationSignature(
  rawBody: string | Uint8Array,
  header: string | string[] | null | undefined,
  secret: string,
  options: VerifySignatureOptions = {},
): boolean {
  if (!secret) return false;
  const parsed = parseKhipuSignatureHeader(header);
  if (!parsed) return false;
  if (options.toleranceMs !== undefined) {
    const now = options.now ?? Date.now();
    if (Math.abs(now - Number(parsed.timestamp)) > options.toleranceMs) return false;
  }
  const expected = createHmac('sha256', secret).update(`${parsed.timestamp}.`).update(rawBody).digest();
  const given = Buffer.from(parsed.signature, 'base64');
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}

/** The `t` of an `x-khipu-signature` header in ms (when Khipu signed it), or null when the header is malformed. */
export function notificationTimestampMs(header: string | string[] | null | undefined): number | null {
  const parsed = parseKhipuSignatureHeader(header);
  if (!parsed) return null;
  const t = Number(parsed.timestamp);
  return Number.isSafeInteger(t) ? t : null;
}

/**
 * Which payment a notification is about: its payment_id (required), and transaction_id and receiver_id when present.
 * Nothing else of the body is read: a notification only says "read this payment" (its state comes from
 * GET /v3/payments/{id}). Throws KhipuError when the body is not a JSON object with a payment_id.
 */
export function notificationSubject(rawBody: string | Uint8Array): { payment_id: string; transaction_id?: string; receiver_id?: number } {
  const text = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!isObject(value) || typeof value.payment_id !== 'string' || value.payment_id.trim() === '') {
    throw new KhipuError({ status: 400, code: 'KHIPU_BAD_RESPONSE', message: 'Notificación de Khipu inválida' });
  }
  const receiver = value.receiver_id === undefined || value.receiver_id === null || value.receiver_id === '' ? undefined : Number(value.receiver_id);
  return {
    payment_id: value.payment_id,
    ...(typeof value.transaction_id === 'string' && value.transaction_id ? { transaction_id: value.transaction_id } : {}),
    ...(receiver === undefined ? {} : { receiver_id: receiver }),
  };
}

/** The notification body as an object, with amount and receiver_id as numbers; throws KhipuError on a malformed body. */
export function parseKhipuNotification(rawBody: string | Uint8Array): KhipuNotification {
  const text = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!isObject(value) || typeof value.payment_id !== 'string') {
    throw new KhipuError({ status: 400, code: 'KHIPU_BAD_RESPONSE', message: 'Notificación de Khipu inválida' });
  }
  const amount = parseKhipuAmount(value.amount);
  const receiverId = Number(value.receiver_id);
  if (Number.isNaN(amount) || !Number.isFinite(receiverId)) {
    throw new KhipuError({ status: 400, code: 'KHIPU_BAD_RESPONSE', message: 'Notificación de Khipu inválida' });
  }
  return { ...value, payment_id: value.payment_id, amount, receiver_id: receiverId };
}
