// A thin typed wrapper over Transbank's official SDK (`transbank-sdk` 6.x, WebpayPlus.Transaction) for WebPay Plus
// REST v1.2. It knows the protocol only; it works the same against Transbank and against the stand-in in
// mocks/webpay: the SDK's `environment` is a plain base URL string, so only that URL and the keys differ.
import * as transbankNs from 'transbank-sdk';

/** Transbank's public integration credentials for WebPay Plus (commerce code and API key secret). */
export const WEBPAY_INTEGRATION = {
  commerceCode: '597055555532',
  apiKey: '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C',
  baseUrl: 'https://webpay3gint.transbank.cl',
} as const;
const API_PREFIX = '/rswebpaytransaction/api/webpay/v1.2';

// The SDK is CommonJS with getter re-exports: Node's ESM loader only sees `default`, CommonJS (Jest) sees the names.
type TransbankSdk = typeof transbankNs;
const sdk: TransbankSdk =
  (transbankNs as Partial<TransbankSdk>).WebpayPlus !== undefined
    ? transbankNs
    : (transbankNs as unknown as { default: TransbankSdk }).default;

export type WebpayStatus = 'INITIALIZED' | 'AUTHORIZED' | 'REVERSED' | 'FAILED' | 'NULLIFIED' | 'PARTIALLY_NULLIFIED' | 'CAPTURED';

/** The transaction object that commit and status answer. Fields absent before the payer pays are optional. */
export interface WebpayTransaction {
  vci?: string;
  amount: number;
  status: WebpayStatus;
  buy_order: string;
  session_id: string;
  card_detail?: { card_number: string } | null;
  /** MMDD. */
  accounting_date?: string;
  /** ISO-8601. */
  transaction_date?: string;
  authorization_code?: string;
  /** VD debit, VN normal, VC installments, SI 3 interest-free, S2 2 interest-free, NC N interest-free, VP prepaid. */
  payment_type_code?: string;
  /** 0 approved; negative = rejected. */
  response_code?: number;
  installments_number?: number;
  installments_amount?: number;
  balance?: number;
}

export interface WebpayCreateInput {
  /** ≤ 26 chars: letters, digits and |_=&%.,~:/?[+!@()>- ; unique per transaction. */
  buyOrder: string;
  /** ≤ 61 chars. */
  sessionId: string;
  /** Whole CLP. */
  amount: number;
  /** ≤ 255 chars (the SDK's limit). */
  returnUrl: string;
}

export interface WebpayCreateResult {
  /** 64 chars. */
  token: string;
  /** Where the browser must POST token_ws. */
  url: string;
}

export type WebpayRefundResult =
  | { type: 'REVERSED' }
  | {
      type: 'NULLIFIED';
      authorization_code: string;
      authorization_date: string;
      nullified_amount: number;
      balance: number;
      response_code: number;
    };

export type WebpayOperation = 'create' | 'commit' | 'status' | 'refund';

export type WebpayErrorCode =
  | 'WEBPAY_INVALID_REQUEST' // 400, or the SDK refused the arguments before sending (too long, empty)
  | 'WEBPAY_AUTH' // 401: wrong commerce code / API key
  | 'WEBPAY_NOT_FOUND' // 404: unknown token
  | 'WEBPAY_REJECTED' // 422: a business rule (not paid, aborted, already committed, invalid value...)
  | 'WEBPAY_UNAVAILABLE' // 5xx, connection refused / reset, DNS, TLS
  | 'WEBPAY_TIMEOUT' // no answer within timeoutMs
  | 'WEBPAY_BAD_RESPONSE'; // an answer that is not the protocol's JSON

export class WebpayError extends Error {
  override readonly name = 'WebpayError';
  /** Transbank's HTTP status; 0 when it did not answer (network, timeout) or the request was never sent. */
  readonly status: number;
  readonly code: WebpayErrorCode;
  readonly operation: WebpayOperation;
  /** The request certainly never reached Webpay (connection refused, unknown host, refused before sending). */
  readonly notSent: boolean;

  constructor(
    init: { status: number; code: WebpayErrorCode; message: string; operation: WebpayOperation; notSent?: boolean },
    options?: { cause?: unknown },
  ) {
    super(init.message, options);
    this.status = init.status;
    this.code = init.code;
    this.operation = init.operation;
    this.notSent = init.notSent ?? false;
  }

  /** Worth retrying later (the same request may succeed): unreachable, timed out, or a 5xx. */
  get retryable(): boolean {
    return this.code === 'WEBPAY_UNAVAILABLE' || this.code === 'WEBPAY_TIMEOUT';
  }

  /**
   * Webpay may have carried the request out without the answer reaching us (timeout, connection cut, 5xx, an answer
   * that is not the protocol's): for a commit, the transaction may be committed or not. Only 4xx answers are certain.
   */
  get outcomeUnknown(): boolean {
    return !this.notSent && (this.retryable || this.code === 'WEBPAY_BAD_RESPONSE');
  }
}

export function isWebpayError(value: unknown): value is WebpayError {
  return value instanceof WebpayError;
}

function codeForStatus(status: number): WebpayErrorCode {
  if (status === 401 || status === 403) return 'WEBPAY_AUTH';
  if (status === 404) return 'WEBPAY_NOT_FOUND';
  if (status === 422) return 'WEBPAY_REJECTED';
  if (status >= 500) return 'WEBPAY_UNAVAILABLE';
  return 'WEBPAY_INVALID_REQUEST';
}

/**
 * Turns what the SDK throws into a WebpayError. The SDK throws `TransbankError` (name) whose message is
 * `"<axios error>\n<error_message or 'Unexpected error'>\n"`; the HTTP status is only in the axios text
 * ("Request failed with status code 422"). Before sending, it throws plain Errors for bad arguments.
 */
export function toWebpayError(error: unknown, operation: WebpayOperation): WebpayError {
  if (error instanceof WebpayError) return error;
  const err = error as { name?: string; message?: string } | null;
  const message = typeof err?.message === 'string' ? err.message : String(error);
  if (err?.name !== 'TransbankError') {
    return new WebpayError({ status: 0, code: 'WEBPAY_INVALID_REQUEST', message, operation, notSent: true }, { cause: error });
  }
  const [title = '', ...rest] = message.split('\n');
  const detail = rest.join('\n').trim() || title;
  const statusMatch = /status code (\d{3})/.exec(title);
  if (statusMatch) {
    const status = Number(statusMatch[1]);
    return new WebpayError({ status, code: codeForStatus(status), message: detail, operation }, { cause: error });
  }
  const timedOut = /timeout of \d+ms exceeded|ECONNABORTED|ETIMEDOUT|timeout/i.test(title);
  const notSent = !timedOut && /ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(title);
  return new WebpayError(
    { status: 0, code: timedOut ? 'WEBPAY_TIMEOUT' : 'WEBPAY_UNAVAILABLE', message: title.replace(/^AxiosError:\s*/, '') || detail, operation, notSent },
    { cause: error },
  );
}

export interface WebpayClientOptions {
  /** Transbank host (no path), e.g. https://webpay3g.transbank.cl, or the stand-in's URL. Default the integration host. */
  baseUrl?: string;
  /** Tbk-Api-Key-Id. Default the public integration commerce code. */
  commerceCode?: string;
  /** Tbk-Api-Key-Secret. Default the public integration secret. */
  apiKey?: string;
  /** Limit of each request. Default 15 000 ms (the SDK's own default is 10 minutes). */
  timeoutMs?: number;
}

/** The client options from WEBPAY_BASE_URL / WEBPAY_COMMERCE_CODE / WEBPAY_API_KEY / WEBPAY_TIMEOUT_MS (baseUrl undefined = not configured). */
export function webpayOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): WebpayClientOptions {
  const timeout = Number(env.WEBPAY_TIMEOUT_MS);
  return {
    baseUrl: env.WEBPAY_BASE_URL || undefined,
    commerceCode: env.WEBPAY_COMMERCE_CODE || WEBPAY_INTEGRATION.commerceCode,
    apiKey: env.WEBPAY_API_KEY || WEBPAY_INTEGRATION.apiKey,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class WebpayClient {
  readonly baseUrl: string;
  readonly commerceCode: string;
  /** Limit of each request (ms): a request still unanswered after it is given up, though Webpay may carry it out. */
  readonly timeoutMs: number;
  private readonly transaction: InstanceType<TransbankSdk['WebpayPlus']['Transaction']>;

  constructor(options: WebpayClientOptions = {}) {
    // The SDK appends the API prefix itself; accept a base URL given with it too.
    this.baseUrl = (options.baseUrl ?? WEBPAY_INTEGRATION.baseUrl).replace(/\/+$/, '').replace(new RegExp(`${API_PREFIX.replace(/\./g, '\\.')}$`), '');
    this.commerceCode = options.commerceCode ?? WEBPAY_INTEGRATION.commerceCode;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    const sdkOptions = new sdk.Options(this.commerceCode, options.apiKey ?? WEBPAY_INTEGRATION.apiKey, this.baseUrl, this.timeoutMs);
    this.transaction = new sdk.WebpayPlus.Transaction(sdkOptions);
  }

  /** POST /transactions → {token, url}. The browser then POSTs token_ws to url. */
  async create(input: WebpayCreateInput): Promise<WebpayCreateResult> {
    const answer = await this.call('create', () => this.transaction.create(input.buyOrder, input.sessionId, input.amount, input.returnUrl));
    if (!isObject(answer) || typeof answer.token !== 'string' || typeof answer.url !== 'string') throw badResponse('create');
    return { token: answer.token, url: answer.url };
  }

  /**
   * PUT /transactions/{token}: confirms the payment once; approved only if isWebpayApproved(answer). This answer (200)
   * is the only proof of payment: a 422 means not committed by this call (not paid yet, aborted, past its window,
   * committed before), and then status tells what Webpay knows, which before a commit is no proof.
   */
  async commit(token: string): Promise<WebpayTransaction> {
    return transactionOf(await this.call('commit', () => this.transaction.commit(token)), 'commit');
  }

  /**
   * GET /transactions/{token} (answers for 7 days). Before a successful commit it may say INITIALIZED, or show fields
   * that look authorized for a transaction whose commit is refused: never take it as payment on its own.
   */
  async status(token: string): Promise<WebpayTransaction> {
    return transactionOf(await this.call('status', () => this.transaction.status(token)), 'status');
  }

  /** POST /transactions/{token}/refunds: REVERSED (whole amount, soon after) or NULLIFIED (partial or later). */
  async refund(token: string, amount: number): Promise<WebpayRefundResult> {
    const answer = await this.call('refund', () => this.transaction.refund(token, amount));
    if (!isObject(answer) || (answer.type !== 'REVERSED' && answer.type !== 'NULLIFIED')) throw badResponse('refund');
    return answer as unknown as WebpayRefundResult;
  }

  private async call(operation: WebpayOperation, run: () => Promise<unknown>): Promise<unknown> {
    try {
      return await run();
    } catch (error) {
      throw toWebpayError(error, operation);
    }
  }
}

function badResponse(operation: WebpayOperation): WebpayError {
  return new WebpayError({ status: 200, code: 'WEBPAY_BAD_RESPONSE', message: 'Respuesta inválida de Webpay', operation });
}

function transactionOf(answer: unknown, operation: WebpayOperation): WebpayTransaction {
  if (!isObject(answer) || typeof answer.status !== 'string' || typeof answer.amount !== 'number' || typeof answer.buy_order !== 'string') {
    throw badResponse(operation);
  }
  return answer as unknown as WebpayTransaction;
}

/** Transbank's rule: approved means response_code 0 and status AUTHORIZED (never decide on vci). */
export function isWebpayApproved(tx: Pick<WebpayTransaction, 'response_code' | 'status'>): boolean {
  return tx.response_code === 0 && tx.status === 'AUTHORIZED';
}

/** The merchant's duty: the answer's buy_order and amount are the ones sent. */
export function webpayMatchesOrder(tx: Pick<WebpayTransaction, 'buy_order' | 'amount'>, expected: { buyOrder: string; amount: number }): boolean {
  return tx.buy_order === expected.buyOrder && tx.amount === expected.amount;
}

/**
 * What the browser brought back to return_url. It is the browser's word, not Webpay's: whatever the case, only a
 * commit (or, after a refused commit, the transaction's status) tells what happened to the money.
 */
export type WebpayReturnCase =
  /** Normal end, approved or rejected. */
  | { kind: 'normal'; token: string }
  /** The payer pressed "Anular" (possibly after approving the payment). */
  | { kind: 'aborted'; token: string; buyOrder: string; sessionId: string }
  /** The form timed out: no token; the transaction is found by buyOrder. */
  | { kind: 'timeout'; buyOrder: string; sessionId: string }
  /** Webpay's error page, then back: token_ws and TBK_TOKEN. */
  | { kind: 'error'; token: string; tbkToken: string; buyOrder?: string; sessionId?: string }
  | { kind: 'invalid' };

/**
 * The longest value each return parameter can have: Webpay's tokens are 64 characters, a buy order at most 26 and a
 * session id at most 61. Anything longer is not Webpay's and is ignored (never looked up, never copied into the
 * redirect to the SPA).
 */
const RETURN_PARAM_MAX = { token: 128, buyOrder: 26, sessionId: 61 } as const;

/** Classifies the parameters of a return: the query on GET, the form body on POST (both happen). */
export function parseWebpayReturn(params: URLSearchParams | Record<string, unknown> | null | undefined): WebpayReturnCase {
  const get = (name: string, max: number): string | undefined => {
    if (!params) return undefined;
    const raw = params instanceof URLSearchParams ? params.get(name) : params[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value !== 'string') return undefined;
    const trimmed = value.trim();
    return trimmed !== '' && trimmed.length <= max ? trimmed : undefined;
  };
  const token = get('token_ws', RETURN_PARAM_MAX.token);
  const tbkToken = get('TBK_TOKEN', RETURN_PARAM_MAX.token);
  const buyOrder = get('TBK_ORDEN_COMPRA', RETURN_PARAM_MAX.buyOrder);
  const sessionId = get('TBK_ID_SESION', RETURN_PARAM_MAX.sessionId);
  if (token && tbkToken) return { kind: 'error', token, tbkToken, buyOrder, sessionId };
  if (token) return { kind: 'normal', token };
  if (tbkToken) return { kind: 'aborted', token: tbkToken, buyOrder: buyOrder ?? '', sessionId: sessionId ?? '' };
  if (buyOrder) return { kind: 'timeout', buyOrder, sessionId: sessionId ?? '' };
  return { kind: 'invalid' };
}
