import { MSG } from '@shared/messages';
import { toApiError, type RequestOptions } from './http';

// Creates that make an order or a payment carry an Idempotency-Key: the server answers the same key (same user, same
// body) with its first answer, so a create whose answer was lost can be sent again without making a second one.

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A new key (a random UUID) for one attempt of a create. */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  // randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  if (typeof crypto?.getRandomValues === 'function') {
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40; // version 4
    b[8] = (b[8] & 0x3f) | 0x80; // variant 10
    const h = hex(b);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** The request options that send `key`. */
export const withIdempotencyKey = (key: string): RequestOptions => ({ headers: { [IDEMPOTENCY_KEY_HEADER]: key } });

/**
 * No answer (network, timeout: status 0), a server failure (5xx), or the first request with this key still running
 * on the server: the create may have happened, so its key is kept and sent again. Any other answer is definitive and
 * ends the attempt.
 */
export function outcomeUnknown(error: unknown): boolean {
  const { status, message } = toApiError(error);
  return status === 0 || status >= 500 || (status === 409 && message === MSG.idempotencyInProgress);
}
