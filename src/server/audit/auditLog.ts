import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/connect';
import { auditLog, type AuditLogRow } from '../db/schema';
import type { SessionUser } from '../plugins/auth';

// The admin area's audit trail (issue: "an audit log row for every admin change: who, what, when").

export type AuditAction = 'create' | 'update' | 'delete';
export type AuditEntity = 'user' | 'product' | 'banner' | 'notification' | 'job';

export interface AuditEntry {
  /** Who: the session user of the request (`request.sessionUser`). */
  actor: Pick<SessionUser, 'id' | 'username'>;
  action: AuditAction;
  entity: AuditEntity;
  /** The record's id, or the sku for product content. */
  entityId: string | number;
  /** The names of the changed fields: names only, never values of passwords or files. */
  fields?: readonly string[];
  /** A few more small facts worth keeping (a section, a role): primitives only; password-like keys are dropped. */
  details?: Record<string, string | number | boolean | null>;
}

const SECRET_KEY = /pass|hash|secret|token|clave/i;
const MAX_TEXT = 200;

/** Only small primitive details survive; anything that looks like a secret is dropped. */
function safeDetails(details: AuditEntry['details']): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(details ?? {})) {
    if (SECRET_KEY.test(key)) continue;
    if (typeof value === 'string') out[key] = value.slice(0, MAX_TEXT);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) out[key] = value;
  }
  return out;
}

/**
 * The names of `fields` whose value differs between `before` and `after` (for an update's audit row).
 * Values are compared, never recorded.
 */
export function changedFields<T extends object>(before: T, after: Partial<T>, fields: ReadonlyArray<keyof T & string>): string[] {
  return fields.filter((f) => f in after && after[f] !== undefined && after[f] !== before[f]);
}

/** Writes and reads the audit trail. Call `record` with the transaction of the change, so both commit or neither. */
export class AuditLog {
  constructor(private readonly db: Db) {}

  /** One audit row, in `tx` (the change's transaction). */
  static async record(tx: DbOrTx, entry: AuditEntry): Promise<void> {
    const changes: Record<string, unknown> = {};
    if (entry.fields?.length) changes.fields = [...new Set(entry.fields)].map((f) => f.slice(0, 60));
    const details = safeDetails(entry.details);
    if (Object.keys(details).length) changes.details = details;
    await tx.insert(auditLog).values({
      actorId: entry.actor.id,
      actorUsername: entry.actor.username.slice(0, 16),
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId).slice(0, 60),
      changes,
    });
  }

  /** Same as the static one, for callers holding an instance. */
  record(tx: DbOrTx, entry: AuditEntry): Promise<void> {
    return AuditLog.record(tx, entry);
  }

  /** The newest rows first, optionally of one entity (and one record). */
  async list(filter: { entity?: AuditEntity; entityId?: string | number; limit?: number } = {}): Promise<AuditLogRow[]> {
    const conditions = [
      filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
      filter.entityId !== undefined ? eq(auditLog.entityId, String(filter.entityId)) : undefined,
    ].filter((c) => c !== undefined);
    return this.db
      .select()
      .from(auditLog)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(auditLog.id))
      .limit(Math.min(filter.limit ?? 100, 1000));
  }
}
