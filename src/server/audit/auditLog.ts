import type { Db, DbOrTx } from '../db/connect';
import type { AuditLogRow } from '../db/schema';
import { AuditRepo } from './audit.repo';
import type { SessionUser } from '../plugins/auth';

// The admin area's audit trail (R-ADM-3, R-ADM-AUD-1: a row for every admin change: who, what, when; 'Auditoría'
// shows each change's values before and after), and the buying companies' decisions on their orders (approved, rejected).

export type AuditAction = 'create' | 'update' | 'delete';
export type AuditEntity = 'user' | 'product' | 'banner' | 'notification' | 'job' | 'order' | 'representation';

/** A value the trail keeps: a small primitive (dates as ISO text). */
export type AuditInput = string | number | boolean | null | undefined | Date;

export interface AuditEntry {
  /** Who: the session user of the request (`request.sessionUser`); a representing rep is kept with the customer they act for. */
  actor: Pick<SessionUser, 'id' | 'username'> & { rep?: SessionUser['rep'] };
  action: AuditAction;
  entity: AuditEntity;
  /** The record's id, or the sku for product content. */
  entityId: string | number;
  /** The names of the changed fields (or the fields set, on a create). */
  fields?: readonly string[];
  /** The record's values before the change (update, delete): only primitives; secrets are masked. */
  before?: Record<string, AuditInput>;
  /** The record's values after the change (create, update). */
  after?: Record<string, AuditInput>;
  /** A few more small facts worth keeping (a section, a role): primitives only; password-like keys are dropped. */
  details?: Record<string, string | number | boolean | null>;
}

const SECRET_KEY = /pass|hash|secret|token|clave/i;
/** What a secret's value reads as: that it changed is kept, never the value. */
export const AUDIT_SECRET = '[oculto]';
const MAX_TEXT = 200;
const MAX_VALUE = 500;

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

/** The values of a before/after: primitives (dates as ISO text, long texts cut), secrets masked, undefined left out. */
function safeValues(values: Record<string, AuditInput> | undefined): Record<string, string | number | boolean | null> | undefined {
  if (!values) return undefined;
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(values).slice(0, 40)) {
    if (value === undefined) continue;
    const name = key.slice(0, 60);
    // a secret's text never (a flag like mustChangePassword is no secret)
    if (SECRET_KEY.test(key) && typeof value !== 'boolean') out[name] = AUDIT_SECRET;
    else if (value instanceof Date) out[name] = value.toISOString();
    else if (typeof value === 'string') out[name] = value.slice(0, MAX_VALUE);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) out[name] = value;
  }
  return out;
}

/**
 * The names of `fields` whose value differs between `before` and `after` (for an update's audit row).
 */
export function changedFields<T extends object>(before: T, after: Partial<T>, fields: ReadonlyArray<keyof T & string>): string[] {
  return fields.filter((f) => f in after && after[f] !== undefined && after[f] !== before[f]);
}

/** The values of `fields` of a record (for an audit row's before or after). */
export function pickValues<T extends object>(record: T, fields: ReadonlyArray<keyof T & string>): Record<string, AuditInput> {
  const out: Record<string, AuditInput> = {};
  for (const f of fields) out[f] = record[f] as AuditInput;
  return out;
}

/** Writes and reads the audit trail. Call `record` with the transaction of the change, so both commit or neither. */
export class AuditLog {
  constructor(private readonly db: Db) {}

  /**
   * One audit row, in `tx` (the change's transaction). Who did it is kept as they were then: their login (rut), and for
   * a person of a buying company their name and the company's rut (docs/company-people.md).
   */
  static async record(tx: DbOrTx, entry: AuditEntry): Promise<void> {
    const changes: Record<string, unknown> = {};
    const who = await AuditRepo.actor(tx, entry.actor.id);
    const acting = entry.actor.rep?.representing;
    if (acting) changes.actor = { name: (who?.name ?? '').slice(0, MAX_TEXT), companyRut: acting.companyRut, onBehalfOf: { name: acting.companyName.slice(0, MAX_TEXT), rut: acting.companyRut } };
    else if (who && (who.name || who.companyRut)) changes.actor = { name: who.name.slice(0, MAX_TEXT), companyRut: who.companyRut };
    if (entry.fields?.length) changes.fields = [...new Set(entry.fields)].map((f) => f.slice(0, 60));
    const before = safeValues(entry.before);
    if (before) changes.before = before;
    const after = safeValues(entry.after);
    if (after) changes.after = after;
    const details = safeDetails(entry.details);
    if (Object.keys(details).length) changes.details = details;
    await AuditRepo.insert(tx, {
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
    return new AuditRepo(this.db).recent({
      entity: filter.entity,
      entityId: filter.entityId === undefined ? undefined : String(filter.entityId),
      limit: Math.min(filter.limit ?? 100, 1000),
    });
  }
}
