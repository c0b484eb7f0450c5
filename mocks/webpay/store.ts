// The transactions of the WebPay Plus stand-in and their life: create → card form → paid / aborted /
// timed out / error → commit (once) → refunds. Time limits are checked lazily against the clock.
import { randomBytes, randomInt } from 'node:crypto';
import { TEST_CARDS, paymentTypeFor, type TestCardId } from './cards';
import { WEBPAY_MESSAGES, WebpayApiError, businessError, invalidValue, notFound, required } from './errors';

export type WebpayStatus = 'INITIALIZED' | 'AUTHORIZED' | 'REVERSED' | 'FAILED' | 'NULLIFIED' | 'PARTIALLY_NULLIFIED' | 'CAPTURED';

/**
 * Where a transaction is:
 * created (token issued) → form (payer on the card form) → paid (payer finished, approved or rejected) → committed;
 * or aborted ('Anular'), timeout (form timed out), error (Webpay error page), expired (form never opened in time),
 * reversed (paid but never committed in time). A paid transaction may come back to the merchant with any return
 * (the payer pressed "Anular compra" on the voucher, the browser lost the form): it stays paid, and committable.
 */
export type WebpayPhase = 'created' | 'form' | 'paid' | 'committed' | 'aborted' | 'timeout' | 'error' | 'expired' | 'reversed';

export type ReturnKind = 'normal' | 'aborted' | 'timeout' | 'error';

/** What the payer's browser brings back to return_url. */
export interface WebpayReturn {
  kind: ReturnKind;
  method: 'GET' | 'POST';
  /** The merchant's return_url as given at create. */
  url: string;
  params: Record<string, string>;
  /** For GET: return_url with the parameters in the query. For POST: return_url. */
  href: string;
}

/**
 * What status answers for a transaction nobody has committed:
 * - 'initialized' (default): status INITIALIZED with amount, buy_order, session_id, dates and installments_number only.
 * - 'misleading': what a public SDK issue shows production answering for a transaction whose commit was refused:
 *   response_code 0 (and here also status AUTHORIZED), vci of the payer's authentication or ABO, no authorization
 *   code and no card. None of it is proof of payment: only a commit is.
 */
export type StatusBeforeCommit = 'initialized' | 'misleading';

export interface WebpayTiming {
  /** From create until the form must have been opened. Default 5 min. */
  tokenLifetimeMs: number;
  /** From opening the form until it times out. Default 5 min. */
  formTimeoutMs: number;
  /** From the payer finishing until the commit must arrive; later the payment is reversed. Default 5 min. */
  commitWindowMs: number;
  /** How long status answers after create. Default 7 days. */
  statusWindowMs: number;
  /** A refund of the whole amount within this time after commit is a reversal (REVERSED); later a nullification. Default 3 h. */
  reversalWindowMs: number;
}

export const DEFAULT_TIMING: WebpayTiming = {
  tokenLifetimeMs: 5 * 60_000,
  formTimeoutMs: 5 * 60_000,
  commitWindowMs: 5 * 60_000,
  statusWindowMs: 7 * 24 * 3_600_000,
  reversalWindowMs: 3 * 3_600_000,
};

export interface PaymentResult {
  card: TestCardId;
  approved: boolean;
  vci: string;
  response_code: number;
  authorization_code: string;
  payment_type_code: string;
  installments_number: number;
  installments_amount?: number;
  card_number: string;
}

export interface WebpayRefund {
  type: 'REVERSED' | 'NULLIFIED';
  amount: number;
  at: number;
  authorization_code?: string;
}

export interface WebpayTransactionRecord {
  token: string;
  commerceCode: string;
  buyOrder: string;
  sessionId: string;
  amount: number;
  returnUrl: string;
  createdAt: number;
  formOpenedAt?: number;
  finishedAt?: number;
  committedAt?: number;
  phase: WebpayPhase;
  result?: PaymentResult;
  /** The status after commit (INITIALIZED before). */
  status: WebpayStatus;
  /** Left after nullifications. */
  balance?: number;
  refunds: WebpayRefund[];
  /** Successful commits, plus later commits refused because it was committed already. */
  commits: number;
  /** Every commit that reached the stand-in, answered or refused. */
  commitAttempts: number;
  /** Every return sent to the browser (or handed to a test through pay()). */
  returns: WebpayReturn[];
}

const BUY_ORDER = /^[A-Za-z0-9|_=&%.,~:/?[+!@()>-]{1,26}$/;
const TOKEN = /^[0-9a-fA-F]{64}$/;

export function parseJsonBody(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'string' || raw.trim() === '') throw new WebpayApiError(400, WEBPAY_MESSAGES.invalidJson);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new WebpayApiError(400, WEBPAY_MESSAGES.invalidJson);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new WebpayApiError(400, WEBPAY_MESSAGES.invalidJson);
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

/** MMDD of the Chilean calendar day. */
export function accountingDate(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', month: '2-digit', day: '2-digit' }).formatToParts(new Date(ms));
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('month')}${get('day')}`;
}

export function checkToken(token: string): void {
  if (!TOKEN.test(token)) throw invalidValue('token');
}

export class WebpayStore {
  readonly transactions = new Map<string, WebpayTransactionRecord>();
  statusBeforeCommit: StatusBeforeCommit = 'initialized';

  constructor(
    readonly timing: WebpayTiming,
    private readonly now: () => number,
    private readonly formUrl: () => string,
    public returnMethod: 'GET' | 'POST',
  ) {}

  // ---- REST API ----

  create(raw: unknown, commerceCode: string): { token: string; url: string } {
    const body = parseJsonBody(raw);
    for (const field of ['buy_order', 'session_id', 'amount', 'return_url']) {
      if (body[field] === undefined || body[field] === null) throw required(field);
    }
    const { buy_order: buyOrder, session_id: sessionId, amount, return_url: returnUrl } = body;
    if (typeof buyOrder !== 'string' || !BUY_ORDER.test(buyOrder)) throw invalidValue('buy_order');
    if (typeof sessionId !== 'string' || sessionId.length === 0 || sessionId.length > 61) throw invalidValue('session_id');
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0 || amount > 999_999_999) throw invalidValue('amount');
    if (typeof returnUrl !== 'string' || returnUrl.length > 256 || !isHttpUrl(returnUrl)) throw invalidValue('return_url');

    const token = `01ab${randomBytes(30).toString('hex')}`;
    this.transactions.set(token, {
      token, commerceCode, buyOrder, sessionId, amount, returnUrl,
      createdAt: this.now(), phase: 'created', status: 'INITIALIZED', refunds: [], commits: 0, commitAttempts: 0, returns: [],
    });
    return { token, url: this.formUrl() };
  }

  /** The transaction of a token (404 when unknown; 422 when not a token at all). */
  find(token: string): WebpayTransactionRecord {
    checkToken(token);
    const tx = this.transactions.get(token.toLowerCase());
    if (!tx) throw notFound();
    this.refresh(tx);
    return tx;
  }

  commit(token: string): Record<string, unknown> {
    const tx = this.find(token);
    tx.commitAttempts += 1;
    switch (tx.phase) {
      case 'created':
      case 'form':
      case 'error':
        throw businessError(WEBPAY_MESSAGES.notPaid);
      case 'aborted':
        throw businessError(WEBPAY_MESSAGES.aborted);
      case 'timeout':
      case 'expired':
      case 'reversed':
        throw businessError(WEBPAY_MESSAGES.finishedAborted);
      case 'committed':
        tx.commits += 1;
        throw businessError(WEBPAY_MESSAGES.alreadyCommitted);
      case 'paid':
        break;
    }
    const result = tx.result as PaymentResult;
    tx.phase = 'committed';
    tx.committedAt = this.now();
    tx.commits += 1;
    tx.status = result.approved ? 'AUTHORIZED' : 'FAILED';
    return this.view(tx);
  }

  status(token: string): Record<string, unknown> {
    const tx = this.find(token);
    if (this.now() - tx.createdAt > this.timing.statusWindowMs) throw businessError(WEBPAY_MESSAGES.statusTooOld);
    return this.view(tx);
  }

  refund(token: string, raw: unknown): Record<string, unknown> {
    const body = parseJsonBody(raw);
    if (body.amount === undefined || body.amount === null) throw required('amount');
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) throw invalidValue('amount');
    const tx = this.find(token);
    if (tx.phase !== 'committed' || (tx.status !== 'AUTHORIZED' && tx.status !== 'PARTIALLY_NULLIFIED')) {
      throw businessError(WEBPAY_MESSAGES.notRefundable);
    }
    const balance = tx.balance ?? tx.amount;
    if (amount > balance) throw businessError(WEBPAY_MESSAGES.refundTooBig);
    const now = this.now();
    const committedAt = tx.committedAt ?? now;
    if (tx.refunds.length === 0 && amount === tx.amount && now - committedAt <= this.timing.reversalWindowMs) {
      tx.refunds.push({ type: 'REVERSED', amount, at: now });
      tx.status = 'REVERSED';
      return { type: 'REVERSED' };
    }
    const authorizationCode = String(randomInt(100_000, 1_000_000));
    tx.balance = balance - amount;
    tx.status = tx.balance === 0 ? 'NULLIFIED' : 'PARTIALLY_NULLIFIED';
    tx.refunds.push({ type: 'NULLIFIED', amount, at: now, authorization_code: authorizationCode });
    return {
      type: 'NULLIFIED',
      authorization_code: authorizationCode,
      authorization_date: new Date(now).toISOString(),
      nullified_amount: amount,
      balance: tx.balance,
      response_code: 0,
    };
  }

  /**
   * The transaction object as commit and status answer it. Not committed (a reversal for want of a commit included):
   * INITIALIZED, or with statusBeforeCommit 'misleading' the fields that look authorized.
   */
  view(tx: WebpayTransactionRecord): Record<string, unknown> {
    const result = tx.result;
    if (tx.phase !== 'committed' || !result) {
      if (this.statusBeforeCommit === 'misleading') return this.misleadingView(tx);
      return {
        amount: tx.amount,
        status: 'INITIALIZED',
        buy_order: tx.buyOrder,
        session_id: tx.sessionId,
        accounting_date: accountingDate(tx.createdAt),
        transaction_date: new Date(tx.createdAt).toISOString(),
        installments_number: 0,
      };
    }
    return this.resultView(tx, result, tx.status);
  }

  /**
   * status AUTHORIZED and response_code 0 for a transaction nobody committed (see StatusBeforeCommit), as the public
   * issue shows it: no authorization_code and no card_detail.
   */
  private misleadingView(tx: WebpayTransactionRecord): Record<string, unknown> {
    const at = tx.finishedAt ?? tx.createdAt;
    const out: Record<string, unknown> = {
      vci: tx.result?.vci ?? 'ABO',
      amount: tx.amount,
      status: 'AUTHORIZED',
      buy_order: tx.buyOrder,
      session_id: tx.sessionId,
      accounting_date: accountingDate(at),
      transaction_date: new Date(at).toISOString(),
      response_code: 0,
      installments_number: tx.result?.installments_number ?? 0,
    };
    if (tx.result) out.payment_type_code = tx.result.payment_type_code;
    return out;
  }

  private resultView(tx: WebpayTransactionRecord, result: PaymentResult, status: WebpayStatus): Record<string, unknown> {
    const at = tx.finishedAt ?? tx.createdAt;
    const out: Record<string, unknown> = {
      vci: result.vci,
      amount: tx.amount,
      status,
      buy_order: tx.buyOrder,
      session_id: tx.sessionId,
      card_detail: { card_number: result.card_number },
      accounting_date: accountingDate(at),
      transaction_date: new Date(at).toISOString(),
      authorization_code: result.authorization_code,
      payment_type_code: result.payment_type_code,
      response_code: result.response_code,
      installments_number: result.installments_number,
    };
    if (result.installments_amount !== undefined) out.installments_amount = result.installments_amount;
    if (tx.balance !== undefined) out.balance = tx.balance;
    return out;
  }

  // ---- the payer's side ----

  /**
   * Applies the time limits: expiry of an unused token, form timeout, reversal of an uncommitted payment. A reversed
   * one answers like one never paid: commit 422 "invalid finished state", status INITIALIZED.
   */
  refresh(tx: WebpayTransactionRecord): void {
    const now = this.now();
    if (tx.phase === 'created' && now - tx.createdAt > this.timing.tokenLifetimeMs) tx.phase = 'expired';
    if (tx.phase === 'form' && now - (tx.formOpenedAt ?? now) > this.timing.formTimeoutMs) tx.phase = 'timeout';
    if (tx.phase === 'paid' && now - (tx.finishedAt ?? now) > this.timing.commitWindowMs) tx.phase = 'reversed';
  }

  /** Milliseconds the form has left (0 when it has timed out). */
  formTimeLeft(tx: WebpayTransactionRecord): number {
    return Math.max(0, (tx.formOpenedAt ?? this.now()) + this.timing.formTimeoutMs - this.now());
  }

  /** The payer lands on the form: the first time starts the form's clock. */
  openForm(tx: WebpayTransactionRecord): void {
    this.refresh(tx);
    if (tx.phase === 'created') {
      tx.phase = 'form';
      tx.formOpenedAt = this.now();
    }
  }

  /**
   * The payer pays with a test card: approved or rejected, then back to the merchant with token_ws (or, with
   * `returnAs`, with the return of an abort, a timeout or the error page: the payment stays paid and committable).
   */
  pay(tx: WebpayTransactionRecord, card: TestCardId, installments: number, method?: 'GET' | 'POST', returnAs: ReturnKind = 'normal'): WebpayReturn {
    this.authorize(tx, card, installments);
    return this.makeReturn(tx, returnAs, method);
  }

  /** The payer pays with a test card and stays on the voucher: approved or rejected, nothing sent back yet. */
  authorize(tx: WebpayTransactionRecord, card: TestCardId, installments: number): void {
    const c = TEST_CARDS[card];
    const type = paymentTypeFor(c, installments, tx.amount);
    tx.result = {
      card,
      approved: c.approved,
      vci: 'TSY',
      response_code: c.approved ? 0 : -1,
      authorization_code: c.approved ? '1213' : '000000',
      card_number: c.number.slice(-4),
      ...type,
    };
    tx.phase = 'paid';
    tx.finishedAt = this.now();
  }

  abort(tx: WebpayTransactionRecord, method?: 'GET' | 'POST'): WebpayReturn {
    tx.phase = 'aborted';
    tx.finishedAt = this.now();
    return this.makeReturn(tx, 'aborted', method);
  }

  timeout(tx: WebpayTransactionRecord, method?: 'GET' | 'POST'): WebpayReturn {
    tx.phase = 'timeout';
    tx.finishedAt ??= this.now();
    return this.makeReturn(tx, 'timeout', method);
  }

  /** The Webpay error page: a transaction still on the form fails; a finished one keeps its state. */
  fail(tx: WebpayTransactionRecord, method?: 'GET' | 'POST'): WebpayReturn {
    if (tx.phase === 'created' || tx.phase === 'form') {
      tx.phase = 'error';
      tx.finishedAt = this.now();
    }
    return this.makeReturn(tx, 'error', method);
  }

  makeReturn(tx: WebpayTransactionRecord, kind: ReturnKind, method: 'GET' | 'POST' = this.returnMethod): WebpayReturn {
    let params: Record<string, string>;
    switch (kind) {
      case 'normal':
        params = { token_ws: tx.token };
        break;
      case 'aborted':
        params = { TBK_TOKEN: tx.token, TBK_ORDEN_COMPRA: tx.buyOrder, TBK_ID_SESION: tx.sessionId };
        break;
      case 'timeout':
        params = { TBK_ORDEN_COMPRA: tx.buyOrder, TBK_ID_SESION: tx.sessionId };
        break;
      case 'error':
        params = { token_ws: tx.token, TBK_TOKEN: tx.token, TBK_ORDEN_COMPRA: tx.buyOrder, TBK_ID_SESION: tx.sessionId };
        break;
    }
    let href = tx.returnUrl;
    if (method === 'GET') {
      const url = new URL(tx.returnUrl);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      href = url.toString();
    }
    const ret: WebpayReturn = { kind, method, url: tx.returnUrl, params, href };
    tx.returns.push(ret);
    return ret;
  }
}
