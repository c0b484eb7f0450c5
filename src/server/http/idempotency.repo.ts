// The stored Idempotency-Keys (idempotency_keys): claimed, answered, released and swept, safely across processes
// sharing the database (http/idempotency.ts runs a create under a key).
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@shared/messages';
import type { Db, DbOrTx } from '../db/connect';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../errors';
import { SERVER_MSG } from '../messages';

/**
 * Which create a key belongs to: one key may be used once per scope and user. 'cart' holds every add to the cart (the
 * bulk add, both reorders): a key used on one of them is refused on another (its request differs).
 */
export type IdempotencyScope = 'orders' | 'webpay' | 'khipu' | 'cart' | 'paymentLink' | 'linesheetSend';

/** An answer as it is sent and stored: the HTTP status and the JSON body. */
export interface IdempotentAnswer<T = unknown> {
  status: number;
  body: T;
}

/** The row a first request holds while it runs. */
export interface IdempotencyClaim {
  id: number;
}

/** What `begin` decided: this request runs (it holds the claim), or it gets the stored first answer. */
export type IdempotencyStart = { kind: 'first'; claim: IdempotencyClaim } | { kind: 'replay'; answer: IdempotentAnswer };

export interface IdempotencyOptions {
  /**
   * How long a running first request holds its key without renewing it; after it, a repeat may take the key over.
   * The request renews it every third of it while it runs (`hold`), so only a request whose process died (a crash,
   * `kill -9`) loses its key, and a repeat on another instance waits at most this long. Default 20 s.
   */
  leaseMs?: number;
  /** How long a repeat waits for a running first request before answering 409. Default 30 s. */
  waitMs?: number;
  /** How often a waiting repeat reads the key again. Default 75 ms. */
  pollMs?: number;
  /** Keys older than this are deleted (and a repeat after it runs again). Default 24 h. */
  retentionMs?: number;
  /** At most one sweep of old keys per this interval, made on a first request. Default 1 min. */
  purgeEveryMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stored keys: claim, complete, release, and the sweep of old ones. Safe across processes sharing the database. */
export class IdempotencyStore {
  private readonly leaseMs: number;
  private readonly waitMs: number;
  private readonly pollMs: number;
  private readonly retentionMs: number;
  private readonly purgeEveryMs: number;
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: IdempotencyOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? 20_000;
    this.waitMs = opts.waitMs ?? 30_000;
    this.pollMs = opts.pollMs ?? 75;
    this.retentionMs = opts.retentionMs ?? 24 * 3_600_000;
    this.purgeEveryMs = opts.purgeEveryMs ?? 60_000;
  }

  /**
   * Claims (user, scope, key) for this request, or answers the first request's stored answer. A repeat of a request
   * still running waits for it (up to `waitMs`, then 409); a key used with another request hash is 422; a running key
   * whose lease ran out (its process died) is taken over; a key older than the retention is started afresh.
   */
  async begin(userId: number, scope: IdempotencyScope, key: string, hash: string): Promise<IdempotencyStart> {
    const deadline = Date.now() + this.waitMs;
    // turns without a wait (the row went away, was swept or taken over under us) are bounded too
    for (let turnsWithoutWait = 0; ; turnsWithoutWait += 1) {
      if (turnsWithoutWait > 20) throw new HttpError(409, MSG.idempotencyInProgress);
      const [inserted] = await this.db
        .insert(idempotencyKeys)
        .values({ userId, scope, key, requestHash: hash, state: 'running', lockedUntil: sql`now() + ${this.leaseMs}::int * interval '1 millisecond'` })
        .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.scope, idempotencyKeys.key] })
        .returning({ id: idempotencyKeys.id });
      if (inserted) {
        await this.maybePurge();
        return { kind: 'first', claim: { id: inserted.id } };
      }
      const [row] = await this.db
        .select({
          id: idempotencyKeys.id,
          requestHash: idempotencyKeys.requestHash,
          state: idempotencyKeys.state,
          responseStatus: idempotencyKeys.responseStatus,
          responseBody: idempotencyKeys.responseBody,
          // the database's clock decides, the same for every instance
          leaseOver: sql<boolean>`coalesce(${idempotencyKeys.lockedUntil} < now(), true)`,
          expired: sql<boolean>`${idempotencyKeys.createdAt} < now() - ${this.retentionMs}::int * interval '1 millisecond'`,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
        .limit(1);
      if (!row) continue; // released or swept in between: try to claim it again
      if (row.expired) {
        await this.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, row.id), this.olderThanRetention()));
        continue;
      }
      if (row.requestHash !== hash) throw new HttpError(422, SERVER_MSG.idempotencyKeyReused);
      if (row.state === 'done') return { kind: 'replay', answer: { status: row.responseStatus ?? 200, body: row.responseBody } };
      if (row.leaseOver) {
        // the first request's process died: its key is freed (only while still running and out of lease)
        await this.db
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.id, row.id),
              eq(idempotencyKeys.state, 'running'),
              or(isNull(idempotencyKeys.lockedUntil), lt(idempotencyKeys.lockedUntil, sql`now()`)),
            ),
          );
        continue;
      }
      if (Date.now() >= deadline) throw new HttpError(409, MSG.idempotencyInProgress);
      await sleep(Math.min(this.pollMs, Math.max(0, deadline - Date.now())));
      turnsWithoutWait = -1;
    }
  }

  /**
   * Stores the answer of a claimed key (in `tx` when given, with the effect it answers for). False when the claim is
   * no longer this request's (released, or taken over after its lease ran out).
   */
  async complete(claim: IdempotencyClaim, answer: IdempotentAnswer, tx: DbOrTx = this.db): Promise<boolean> {
    const rows = await tx
      .update(idempotencyKeys)
      .set({ state: 'done', responseStatus: answer.status, responseBody: answer.body ?? null, completedAt: sql`now()`, lockedUntil: null })
      .where(and(eq(idempotencyKeys.id, claim.id), eq(idempotencyKeys.state, 'running')))
      .returning({ id: idempotencyKeys.id });
    return rows.length > 0;
  }

  /**
   * Keeps the claim's lease while its request runs: renewed every third of the lease until the answer stops it. A
   * renewal that fails is logged; the next one tries again.
   */
  hold(claim: IdempotencyClaim): () => void {
    const timer = setInterval(() => {
      this.db
        .update(idempotencyKeys)
        .set({ lockedUntil: sql`now() + ${this.leaseMs}::int * interval '1 millisecond'` })
        .where(and(eq(idempotencyKeys.id, claim.id), eq(idempotencyKeys.state, 'running')))
        .catch((err: unknown) => this.opts.log?.warn({ err }, 'no se pudo renovar la clave de idempotencia en curso'));
    }, Math.max(50, Math.floor(this.leaseMs / 3)));
    timer.unref?.();
    return () => clearInterval(timer);
  }

  /** Frees a claimed key that has no answer worth keeping (a 5xx, an unexpected error): a retry runs again. */
  async release(claim: IdempotencyClaim): Promise<void> {
    await this.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, claim.id), eq(idempotencyKeys.state, 'running')));
  }

  /** Deletes every key older than the retention; answers how many. */
  async purgeExpired(): Promise<number> {
    const rows = await this.db.delete(idempotencyKeys).where(this.olderThanRetention()).returning({ id: idempotencyKeys.id });
    return rows.length;
  }

  private olderThanRetention() {
    return lt(idempotencyKeys.createdAt, sql`now() - ${this.retentionMs}::int * interval '1 millisecond'`);
  }

  /** The sweep, at most once per `purgeEveryMs` and only when a key is inserted (no timer keeps the process alive). */
  private async maybePurge(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < this.purgeEveryMs) return;
    this.lastPurge = now;
    try {
      await this.purgeExpired();
    } catch (err) {
      this.opts.log?.warn({ err }, 'no se pudieron borrar las claves de idempotencia antiguas');
    }
  }
}
