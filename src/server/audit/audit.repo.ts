import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditListQuery } from '@shared/schemas/adminAudit';
import type { Db, DbOrTx } from '../db/connect';
import { auditLog, users, type AuditLogRow } from '../db/schema';

/** The values of one audit row. */
export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;
import { containsPattern, dayRange } from '../http/listQuery';

// The audit trail as 'Auditoría' reads it: filtered, sorted and paged in SQL.

const SORTS: Record<AuditListQuery['sort'], SQL> = {
  at: sql`${auditLog.at}`,
  actor: sql`${auditLog.actorUsername}`,
  entity: sql`${auditLog.entity}`,
  action: sql`${auditLog.action}`,
  entityId: sql`${auditLog.entityId}`,
};

function conditions(q: AuditListQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.actor) {
    // a rut in any writing: compared without dots and dashes
    const compact = q.actor.toUpperCase().replace(/[.\-\s]/g, '');
    const pattern = containsPattern(compact);
    where.push(
      sql`(replace(replace(upper(${auditLog.actorUsername}), '.', ''), '-', '') like ${pattern} or replace(replace(upper(coalesce(${auditLog.changes}->'actor'->>'companyRut', '')), '.', ''), '-', '') like ${pattern})`,
    );
  }
  if (q.entity) where.push(eq(auditLog.entity, q.entity));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.entityId) where.push(eq(auditLog.entityId, q.entityId));
  if (q.q) where.push(sql`(${auditLog.entityId} ilike ${containsPattern(q.q)} or ${auditLog.changes}::text ilike ${containsPattern(q.q)})`);
  const { since, before } = dayRange(q.from, q.to);
  if (since) where.push(gte(auditLog.at, since));
  if (before) where.push(lt(auditLog.at, before));
  return where.length ? and(...where) : undefined;
}

export class AuditRepo {
  constructor(private readonly db: Db) {}

  /** Who an actor is as the trail keeps them: their name and the company they act for ('' for staff). */
  static async actor(tx: DbOrTx, userId: number): Promise<{ name: string; companyRut: string } | undefined> {
    const [who] = await tx.select({ name: users.fullName, companyRut: users.companyRut }).from(users).where(eq(users.id, userId));
    return who;
  }

  /** One audit row, in `tx` (the change's transaction). */
  static async insert(tx: DbOrTx, row: NewAuditRow): Promise<void> {
    await tx.insert(auditLog).values(row);
  }

  /** The newest rows first, optionally of one entity (and one record). */
  recent(filter: { entity?: string; entityId?: string; limit: number }): Promise<AuditLogRow[]> {
    const conditions = [filter.entity ? eq(auditLog.entity, filter.entity) : undefined, filter.entityId !== undefined ? eq(auditLog.entityId, filter.entityId) : undefined].filter(
      (c) => c !== undefined,
    );
    return this.db
      .select()
      .from(auditLog)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(auditLog.id))
      .limit(filter.limit);
  }

  async list(query: AuditListQuery, window: { limit: number; offset: number }): Promise<{ rows: AuditLogRow[]; total: number }> {
    const where = conditions(query);
    const order = query.dir === 'asc' ? asc : desc;
    const rows = await this.db.select().from(auditLog).where(where).orderBy(order(SORTS[query.sort]), order(auditLog.id)).limit(window.limit).offset(window.offset);
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where);
    return { rows, total: Number(count?.n ?? 0) };
  }
}
