import type { ApiError, ApiErrorCode, OrderStanding } from '@shared/api/types';
import { MSG } from '@shared/messages';
import { env } from '../app/env';

// The one http client: base URL, token and anti-forgery headers, JSON/FormData bodies, and every failure
// turned into {status, message} (server body message, else the client error text, else 'Unknown error!').

export class HttpError extends Error implements ApiError {
  readonly status: number;
  readonly fields?: Record<string, string>;
  /** The kind of failure, when the server names it (the ERP unreachable). */
  readonly code?: ApiErrorCode;
  /** Where the order stands, when 'Ir a Pagar' failed on the server. */
  readonly order?: OrderStanding;
  /** What changed in an order waiting for the company's approval, when its approve was refused for it. */
  readonly approval?: ApiError['approval'];
  constructor(status: number, message: string, fields?: Record<string, string>, details: Pick<ApiError, 'code' | 'order' | 'approval'> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    if (fields) this.fields = fields;
    if (details.code) this.code = details.code;
    if (details.order) this.order = details.order;
    if (details.approval) this.approval = details.approval;
  }
}

export interface HttpHooks {
  /** The stored session token, or null when anonymous. */
  getToken: () => string | null;
  /** Called when a call that carried a token answers 401: the session is over. */
  onSessionExpired: () => void;
  /** Called when a call that carried a token answers 403, with the answer's message (a rep's representation refused). */
  onForbidden?: (message: string) => void;
  /** Told every answer (and every failure to get one): the QA scenario recorder. */
  observe?: (exchange: HttpExchange) => void;
}

/** One call and what came back, as the scenario recorder keeps it (the token and headers are never part of it). */
export interface HttpExchange {
  method: string;
  path: string;
  status: number;
  body?: unknown;
  request?: unknown;
  error?: string;
}

let hooks: HttpHooks = { getToken: () => null, onSessionExpired: () => undefined };

/** The store wires these at creation (app/store.ts). */
export function configureHttp(next: HttpHooks): void {
  hooks = next;
}

export interface RequestOptions {
  /** false: never send the token (login, change-password); a 401 then is an answer, not an expiry. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra headers of this call (an Idempotency-Key); the token, anti-forgery and content type stay the client's. */
  headers?: Record<string, string>;
}

/** A download's progress: the bytes read so far and the answer's headers (a long file's own estimate of its size). */
export type DownloadProgress = (received: number, headers: Headers) => void;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function url(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${env.apiBase}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The server sets the readable cookie on GET /security/xsrf (204). */
async function xsrfToken(): Promise<string | null> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing) return existing;
  try {
    await fetch(url('/security/xsrf'), { method: 'GET', credentials: 'same-origin' });
  } catch {
    // the real request below fails with the network error and is normalized there
  }
  return readCookie(XSRF_COOKIE);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The server's `code` and `order` of an error body, when they have the shape the API gives them. */
function detailsOf(b: Partial<ApiError>): Pick<ApiError, 'code' | 'order' | 'approval'> {
  const details: Pick<ApiError, 'code' | 'order' | 'approval'> = {};
  if (b.code === 'ERP_UNAVAILABLE') details.code = b.code;
  if (b.order && typeof b.order === 'object' && typeof b.order.created === 'boolean') details.order = b.order;
  if (b.approval && typeof b.approval === 'object' && Array.isArray(b.approval.changes)) details.approval = b.approval;
  return details;
}

function errorFromBody(status: number, body: unknown): HttpError {
  if (body && typeof body === 'object') {
    const b = body as Partial<ApiError>;
    if (typeof b.message === 'string' && b.message) return new HttpError(status, b.message, b.fields, detailsOf(b));
  }
  if (typeof body === 'string' && body.trim()) return new HttpError(status, body.trim());
  return new HttpError(status, MSG.unknownError);
}

/** Any thrown value as {status, message}: what sagas and screens show. */
export function toApiError(error: unknown): ApiError {
  if (error && typeof error === 'object' && 'status' in error && 'message' in error) {
    const e = error as ApiError;
    return {
      status: Number(e.status) || 0,
      message: String(e.message || MSG.unknownError),
      ...(e.fields ? { fields: e.fields } : {}),
      ...(e.code ? { code: e.code } : {}),
      ...(e.order ? { order: e.order } : {}),
      ...(e.approval ? { approval: e.approval } : {}),
    };
  }
  if (error instanceof Error) return { status: 0, message: error.message || MSG.unknownError };
  return { status: 0, message: MSG.unknownError };
}

/**
 * A create sent with an Idempotency-Key whose answer never came (the connection failed) or was a 502, 503 or 504 that
 * is not the portal's own `{status, message}` (a proxy had no instance to give it, an instance was closing) is sent
 * again with the same key, after each of these pauses: the server answers a repeated key with the first answer, so the action happens once. Within the saga's
 * own timeout (callWithTimeout), which aborts the resends too. Any other answer, or the last resend's, is the call's.
 */
export const KEYED_RESEND_DELAYS_MS = [300, 1000, 2000];
const RESENT_STATUSES = new Set([502, 503, 504]);

/** The portal's own error answer: JSON `{status, message}` with the answer's status (a proxy's error page is not). */
function portalAnswer(status: number, body: unknown): boolean {
  const b = body as Partial<ApiError> | undefined;
  return Boolean(b && typeof b === 'object' && b.status === status && typeof b.message === 'string');
}

/** Waits `ms`, or less when `signal` aborts (the next fetch then fails with the abort). */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

export async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.auth === false ? null : hooks.getToken();
  if (token) headers.Authorization = token;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body; // the browser sets the multipart boundary
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  if (method !== 'GET') {
    const xsrf = await xsrfToken();
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }

  // a keyed create is sent again, with its key, when a proxy or a dying instance failed it (KEYED_RESEND_DELAYS_MS)
  const keyed = Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key');
  let response: Response;
  let data: unknown;
  let read = false;
  for (let resend = 0; ; resend++) {
    const more = keyed && resend < KEYED_RESEND_DELAYS_MS.length;
    try {
      response = await fetch(url(path), { method, headers, body: payload, credentials: 'same-origin', signal: options.signal });
    } catch (error) {
      if (more && !options.signal?.aborted) {
        await pause(KEYED_RESEND_DELAYS_MS[resend], options.signal);
        continue;
      }
      const message = error instanceof Error && error.message ? error.message : MSG.unknownError;
      hooks.observe?.({ method, path, status: 0, request: body, error: message });
      throw new HttpError(0, message);
    }
    if (!(more && RESENT_STATUSES.has(response.status))) break;
    data = await readBody(response).catch(() => undefined);
    read = true;
    // the portal's own answer (the ERP is down: its {status, message}) is an answer; a proxy's or a closing server's is not
    if (portalAnswer(response.status, data)) break;
    read = false;
    await pause(KEYED_RESEND_DELAYS_MS[resend], options.signal);
  }

  if (!read) {
    try {
      data = await readBody(response);
    } catch (error) {
      throw new HttpError(response.status, error instanceof Error && error.message ? error.message : MSG.unknownError);
    }
  }
  hooks.observe?.({ method, path, status: response.status, body: data, request: body });

  if (!response.ok) {
    if (response.status === 401 && token) hooks.onSessionExpired();
    const error = errorFromBody(response.status, data);
    if (response.status === 403 && token) hooks.onForbidden?.(error.message);
    throw error;
  }
  return data as T;
}

/** A file the server sent (a CSV export, a cheque photo): its content and the name it suggests. */
export interface Download {
  blob: Blob;
  /** From Content-Disposition (filename*= or filename=), else `fallbackName`. */
  filename: string;
}

/** The file name a Content-Disposition header suggests, or null. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* the plain name below */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1].trim() : null;
}

/** The body read chunk by chunk, telling `onProgress` the bytes read after each (a streamed file: the line sheet). */
async function readWithProgress(response: Response, onProgress: DownloadProgress): Promise<Blob> {
  const reader = response.body!.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress(0, response.headers);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received, response.headers);
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
}

/**
 * GET of a file with the session's token (an admin download is never a bare URL the browser fetches on its own): the
 * body as a Blob; a failure is {status, message} like every other call (an error body is JSON).
 */
export async function download(path: string, fallbackName: string, options: RequestOptions & { onProgress?: DownloadProgress } = {}): Promise<Download> {
  const headers: Record<string, string> = { Accept: '*/*', ...options.headers };
  const token = options.auth === false ? null : hooks.getToken();
  if (token) headers.Authorization = token;
  let response: Response;
  try {
    response = await fetch(url(path), { method: 'GET', headers, credentials: 'same-origin', signal: options.signal });
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : MSG.unknownError;
    hooks.observe?.({ method: 'GET', path, status: 0, error: message });
    throw new HttpError(0, message);
  }
  if (!response.ok) {
    let data: unknown;
    try {
      data = await readBody(response);
    } catch {
      data = undefined;
    }
    hooks.observe?.({ method: 'GET', path, status: response.status, body: data });
    if (response.status === 401 && token) hooks.onSessionExpired();
    throw errorFromBody(response.status, data);
  }
  let blob: Blob;
  try {
    blob = options.onProgress && response.body ? await readWithProgress(response, options.onProgress) : await response.blob();
  } catch (error) {
    throw new HttpError(response.status, error instanceof Error && error.message ? error.message : MSG.unknownError);
  }
  // the recorder keeps that a file came, not its content
  hooks.observe?.({ method: 'GET', path, status: response.status });
  return { blob, filename: filenameOf(response.headers.get('content-disposition')) ?? fallbackName };
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  download,
};
