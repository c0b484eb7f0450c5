// Every failure of the ERP (SAP B1 Service Layer) becomes one ErpError that the API can answer as
// `{status, message}` in Spanish. The original ERP code and text are kept for the logs.
import { fill } from '@shared/messages';

/** What went wrong, in the portal's words (stable for callers; `erpCode` keeps the ERP's own number). */
export type ErpErrorCode =
  | 'ERP_UNAVAILABLE' // connection refused, reset, DNS, TLS, or a 5xx answer
  | 'ERP_TIMEOUT' // no answer within the client's timeout
  | 'ERP_AUTH' // the ERP refused the portal's own credentials (login failed, or the session kept being rejected)
  | 'ERP_NOT_FOUND' // -2028 / 404
  | 'ERP_REJECTED' // -10 business rule / 400: the ERP's text is the message
  | 'ERP_UNSUPPORTED' // other 4xx (-5006 action not supported, 403, 405...): a portal bug or an ERP set-up problem
  | 'ERP_BAD_RESPONSE'; // the ERP answered something that is not the JSON the protocol fixes

/** Texts shown to buyers when the ERP fails (Spanish, Chile). */
export const ERP_MESSAGES = {
  unavailable: 'El ERP no está disponible',
  timeout: 'El ERP no respondió a tiempo',
  auth: 'El portal no pudo iniciar sesión en el ERP',
  notFound: 'No se encontró el registro en el ERP',
  unsupported: 'El ERP rechazó la operación',
  badResponse: 'El ERP entregó una respuesta inválida',
  customerNotFound: 'Cliente no encontrado en el ERP',
  productNotFound: 'Producto no encontrado',
  documentNotFound: 'Documento no encontrado',
  regionNotInCountry: 'La región no corresponde al país seleccionado',
  contactNotFound: 'Persona de contacto no encontrada en el ERP',
  contactEmailTaken: 'Otra persona de contacto de la empresa ya tiene ese correo en el ERP',
  salesPersonNotFound: 'Vendedor no encontrado en el ERP',
} as const;

/**
 * The text of R-INV-4 for a failed ERP call shown to a buyer (profile at login, pending payments,
 * purchase history): `' {message}, intentelo mas tarde (B1) '`, leading and trailing space included.
 */
export const ERP_FAILURE_TEMPLATE = ' {message}, intentelo mas tarde (B1) ';

export function erpFailureMessage(message: string): string {
  return fill(ERP_FAILURE_TEMPLATE, { message });
}

export class ErpError extends Error {
  override readonly name = 'ErpError';
  /** HTTP status the portal answers with: 503 (unreachable, timeout, 5xx, login refused), 404, 400, 502. */
  readonly status: number;
  readonly code: ErpErrorCode;
  /** The ERP's numeric error code (-2028, -10, 301...), when the ERP answered with an error body. */
  readonly erpCode?: number;
  /** The ERP's own (usually English) text, for logs. */
  readonly erpMessage?: string;
  /** HTTP status the ERP answered with, when it answered. */
  readonly upstreamStatus?: number;

  constructor(
    init: { status: number; code: ErpErrorCode; message: string; erpCode?: number; erpMessage?: string; upstreamStatus?: number },
    options?: { cause?: unknown },
  ) {
    super(init.message, options);
    this.status = init.status;
    this.code = init.code;
    this.erpCode = init.erpCode;
    this.erpMessage = init.erpMessage;
    this.upstreamStatus = init.upstreamStatus;
  }

  /** The `' {message}, intentelo mas tarde (B1) '` text of R-INV-4. */
  get userMessage(): string {
    return erpFailureMessage(this.message);
  }

  /** The API's error body `{status, message}`. */
  toJSON(): { status: number; message: string } {
    return { status: this.status, message: this.message };
  }
}

/** The v1 (and v2) error body: `{"error":{"code":-2028,"message":{"lang":"en-us","value":"..."}}}`; v2 may send a plain string message. */
export interface SlErrorBody {
  error?: { code?: number | string; message?: { lang?: string; value?: string } | string };
}

export function parseSlError(body: unknown): { erpCode?: number; erpMessage?: string } {
  const error = (body as SlErrorBody | null)?.error;
  if (!error || typeof error !== 'object') return {};
  const code = typeof error.code === 'string' ? Number(error.code) : error.code;
  const message = typeof error.message === 'string' ? error.message : error.message?.value;
  return { erpCode: Number.isFinite(code) ? code : undefined, erpMessage: message || undefined };
}

/**
 * The ERP could not be reached: down, too slow, failing with 5xx or refusing the portal's own login (every 503
 * ErpError). Nothing the buyer did is wrong and nothing was done: trying again later is the remedy.
 */
export function isErpDown(error: unknown): error is ErpError {
  return error instanceof ErpError && error.status === 503;
}

/** Maps an ERP HTTP answer that is not 2xx to the portal's error. 401 is handled by the client (re-login) before this. */
export function errorFromResponse(httpStatus: number, body: unknown): ErpError {
  const { erpCode, erpMessage } = parseSlError(body);
  const base = { erpCode, erpMessage, upstreamStatus: httpStatus };
  if (httpStatus >= 500) return new ErpError({ ...base, status: 503, code: 'ERP_UNAVAILABLE', message: ERP_MESSAGES.unavailable });
  if (httpStatus === 404 || erpCode === -2028) return new ErpError({ ...base, status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.notFound });
  // The client re-logs in on a 401 first; one that remains means the ERP refuses the portal's own credentials.
  if (httpStatus === 401) return new ErpError({ ...base, status: 503, code: 'ERP_AUTH', message: ERP_MESSAGES.auth });
  // -1000 (malformed query or body) and -5006 (action not supported) come with 400 too, but they are the portal's
  // own mistakes or an ERP set-up problem: nothing the buyer can fix, so not a 400.
  if (httpStatus === 400 && erpCode !== -1000 && erpCode !== -5006) {
    // A business rule of the ERP (-10 and friends): its own text is what the buyer needs to read.
    return new ErpError({ ...base, status: 400, code: 'ERP_REJECTED', message: erpMessage ?? ERP_MESSAGES.unsupported });
  }
  return new ErpError({
    ...base,
    status: 502,
    code: 'ERP_UNSUPPORTED',
    message: erpMessage ? `${ERP_MESSAGES.unsupported}: ${erpMessage}` : ERP_MESSAGES.unsupported,
  });
}

/** Maps a failure to reach the ERP at all (fetch threw) to the portal's error. */
export function errorFromNetwork(error: unknown, timeoutMs: number): ErpError {
  if (error instanceof ErpError) return error;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ErpError(
      { status: 503, code: 'ERP_TIMEOUT', message: ERP_MESSAGES.timeout, erpMessage: `no answer within ${timeoutMs} ms` },
      { cause: error },
    );
  }
  // fetch wraps the socket's error in `cause`; undici's request throws it as it is (`code`: ECONNREFUSED…)
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  const detail = cause?.code ?? (error as { code?: string } | null)?.code ?? cause?.message ?? (error as Error | null)?.message;
  return new ErpError({ status: 503, code: 'ERP_UNAVAILABLE', message: ERP_MESSAGES.unavailable, erpMessage: detail }, { cause: error });
}
