// Idempotency-Key for the creates that move money, make an ERP document or add to the cart (POST /api/orders, the
// WebPay and Khipu payment creates, the cart's bulk add, a saved list's add to the cart and the reorders). The first answer for (user, scope, key) is kept and replayed to every repeat, also to a repeat
// that arrives while the first request is still running (it waits for it); the same key with another request is
// refused. A running request renews its key's lease; a key whose first request died with its process is freed when the
// lease runs out (20 s).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@shared/messages';
import type { Tx } from '../db/connect';
import { HttpError } from '../errors';
import type { IdempotencyScope, IdempotencyStore, IdempotentAnswer } from './idempotency.repo';
import { SERVER_MSG } from '../messages';

/** The request header, and the header added to a replayed answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * Given to a create whose effect is written in one transaction (an order): it stores the answer in that same
 * transaction, so the effect and the key's answer are committed together or not at all. Throws a 409 (which rolls the
 * transaction back) when the key no longer belongs to this request (its lease ran out and a repeat took it over).
 */
export interface AnswerRecorder {
  record(tx: Tx, answer: IdempotentAnswer): Promise<void>;
}

export const KEY_FORMAT = /^[A-Za-z0-9._:-]{1,200}$/;

/**
 * The Idempotency-Key of a request: undefined when the header is absent; a 400 when it is present but not 1–200
 * characters of letters, digits and `. _ : -` (a repeated header counts as malformed).
 */
export function idempotencyKeyOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_FORMAT.test(value)) throw new HttpError(400, SERVER_MSG.idempotencyKeyInvalid);
  return value;
}

function sortedKeys(value: unknown): unknown {
  if (value && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return sortedKeys((value as { toJSON: () => unknown }).toJSON());
  }
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === 'object') {
    const source = value as Record<string, unknown>;
    return Object.fromEntries(Object.keys(source).sort().map((k) => [k, sortedKeys(source[k])]));
  }
  return value;
}

/** JSON with the keys of every object sorted: the same data always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedKeys(value)) ?? '';
}

/**
 * SHA-256 (hex) of method, route, canonical body and, when the route has any, its path parameters (the order a reorder
 * names is in its path): what a key is bound to.
 */
export function requestHash(method: string, route: string, body: unknown, params?: Record<string, unknown>): string {
  const withParams = params && Object.keys(params).length > 0 ? `\n${canonicalJson(params)}` : '';
  return createHash('sha256').update(`${method.toUpperCase()}\n${route}\n${canonicalJson(body)}${withParams}`).digest('hex');
}


/**
 * Runs a create under the request's Idempotency-Key and sends its answer. Without the header, `run` simply runs. With
 * it: a repeat gets the first answer again (same status and body, header `Idempotent-Replayed: true`); a first run's
 * answer is stored for a 2xx and for a 4xx HttpError, and the key is freed for a 5xx or an unexpected error.
 *
 * `run` gets a recorder when a key is in play: a create that writes its effect in one transaction calls
 * `recorder.record(tx, answer)` inside it; otherwise (a payment provider called outside any transaction) the answer
 * `run` returns is stored after it.
 */
export async function idempotent(
  store: IdempotencyStore,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: IdempotencyScope,
  run: (recorder: AnswerRecorder | undefined) => Promise<IdempotentAnswer>,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) {
    const answer = await run(undefined);
    return reply.status(answer.status).send(answer.body);
  }
  const user = request.sessionUser;
  if (!user) throw new HttpError(401, MSG.notAuthenticated);
  const hash = requestHash(request.method, request.routeOptions.url ?? request.url, request.body, request.params as Record<string, unknown> | undefined);
  const start = await store.begin(user.id, scope, key, hash);
  if (start.kind === 'replay') {
    return reply.status(start.answer.status).header(REPLAYED_HEADER, 'true').send(start.answer.body ?? undefined);
  }

  const { claim } = start;
  let recorded = false;
  const recorder: AnswerRecorder = {
    async record(tx, answer) {
      if (!(await store.complete(claim, answer, tx))) throw new HttpError(409, MSG.idempotencyInProgress);
      recorded = true;
    },
  };
  let answer: IdempotentAnswer;
  // the key stays this request's while it runs, however long; if its process dies, a repeat takes it after the lease
  const release = store.hold(claim);
  try {
    answer = await run(recorder);
  } catch (error) {
    try {
      if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
        await store.complete(claim, { status: error.status, body: error.toBody() });
      } else {
        await store.release(claim);
      }
    } catch (storeError) {
      // the lease frees the key later
      request.log.warn({ err: storeError, scope }, 'no se pudo cerrar la clave de idempotencia tras un error');
    }
    throw error;
  } finally {
    release();
  }
  if (!recorded) {
    try {
      if (!(await store.complete(claim, answer))) request.log.warn({ scope }, 'la clave de idempotencia ya no era de esta solicitud');
    } catch (storeError) {
      // the effect happened: answer it; the key stays running until its lease frees it
      request.log.warn({ err: storeError, scope }, 'no se pudo guardar la respuesta de la clave de idempotencia');
    }
  }
  return reply.status(answer.status).send(answer.body);
}
