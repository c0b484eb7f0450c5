import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { JobListQuery } from '@shared/schemas/adminJobs';
import type { Db, DbOrTx } from '../db/connect';
import { outbox, outboxEvents, type OutboxEventRow, type OutboxRow } from '../db/schema';
import { containsPattern, dayRange } from '../http/listQuery';

// The outbox as the admin screens read it: jobs with what their history adds (waiting, last try, the order they are
// about), filtered, sorted and paged in SQL.

/** A job and what its history says. */
export interface JobView extends OutboxRow {
  /** Pending, and its last try was told to look again later. */
  waiting: boolean;
  lastAttemptAt: Date | null;
  /** The portal order it is about (from its payload's orderId, or its key), or null. */
  orderNumber: string | null;
}

// Written out with the table's name: in a one-table select Drizzle renders its columns bare ("id"), which inside a
// subquery would name the subquery's own column.
const JOB = { id: sql.raw('"outbox"."id"'), status: sql.raw('"outbox"."status"'), payload: sql.raw('"outbox"."payload"'), key: sql.raw('"outbox"."dedupe_key"') };
const lastEvent = sql<string | null>`(select e.event from outbox_events e where e.job_id = ${JOB.id} order by e.id desc limit 1)`;
const waiting = sql<boolean>`(${JOB.status} = 'pending' and coalesce(${lastEvent}, '') = 'waiting')`;
const lastAttemptAt = sql<Date | null>`(select max(e.at) from outbox_events e where e.job_id = ${JOB.id} and e.event <> 'requeued')`.mapWith(outbox.doneAt);
const orderNumber = sql<string | null>`coalesce(
  (select o.purchase_order_number from orders o
    where jsonb_typeof(${JOB.payload} -> 'orderId') = 'number' and o.id = (${JOB.payload} ->> 'orderId')::numeric),
  substring(${JOB.key} from '((?:OC|RE)[0-9]{6,})$'))`;

const VIEW = { ...getTableColumns(outbox), waiting, lastAttemptAt, orderNumber };

const SORTS: Record<JobListQuery['sort'], SQL | typeof outbox.id> = {
  id: sql`${outbox.id}`,
  kind: sql`${outbox.kind}`,
  key: sql`${outbox.dedupeKey}`,
  status: sql`${outbox.status}`,
  attempts: sql`${outbox.attempts}`,
  createdAt: sql`${outbox.createdAt}`,
  nextAttemptAt: sql`${outbox.nextAttemptAt}`,
  doneAt: sql`${outbox.doneAt}`,
  lastAttemptAt: sql`${lastAttemptAt}`,
};

function conditions(query: Omit<JobListQuery, 'page' | 'pageSize' | 'sort' | 'dir' | 'format'>): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  switch (query.status) {
    case 'pending':
    case 'failed':
    case 'done':
      where.push(eq(outbox.status, query.status));
      break;
    case 'waiting':
      where.push(waiting);
      break;
    case 'open':
      where.push(inArray(outbox.status, ['pending', 'failed']));
      break;
  }
  if (query.kind) where.push(eq(outbox.kind, query.kind));
  if (query.failure) where.push(eq(outbox.failure, query.failure));
  if (query.q) where.push(ilike(outbox.dedupeKey, containsPattern(query.q)));
  const { since, before } = dayRange(query.from, query.to);
  if (since) where.push(gte(outbox.createdAt, since));
  if (before) where.push(lt(outbox.createdAt, before));
  const defined = where.filter((w): w is SQL => w !== undefined);
  return defined.length ? and(...defined) : undefined;
}

export class AdminJobsRepo {
  constructor(private readonly db: Db) {}

  /** The jobs the query selects, sorted (ties by id) and windowed, and how many there are in all. */
  async list(query: JobListQuery, window: { limit: number; offset: number }): Promise<{ rows: JobView[]; total: number }> {
    const where = conditions(query);
    const order = query.dir === 'asc' ? asc : desc;
    const rows = await this.db
      .select(VIEW)
      .from(outbox)
      .where(where)
      .orderBy(order(SORTS[query.sort]), order(outbox.id))
      .limit(window.limit)
      .offset(window.offset);
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(where);
    return { rows: rows.map(normalize), total: Number(count?.n ?? 0) };
  }

  async get(id: number, tx: DbOrTx = this.db): Promise<JobView | undefined> {
    const [row] = await tx.select(VIEW).from(outbox).where(eq(outbox.id, id));
    return row ? normalize(row) : undefined;
  }

  /** The jobs with these keys, newest first. */
  async byKeys(keys: readonly string[]): Promise<JobView[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.select(VIEW).from(outbox).where(inArray(outbox.dedupeKey, [...keys])).orderBy(desc(outbox.id));
    return rows.map(normalize);
  }

  /** Every try and re-queue of these jobs, oldest first. */
  async events(jobIds: readonly number[]): Promise<OutboxEventRow[]> {
    if (jobIds.length === 0) return [];
    return this.db.select().from(outboxEvents).where(inArray(outboxEvents.jobId, [...jobIds])).orderBy(asc(outboxEvents.id));
  }

  /** Counts for the admin shell's badge, in one statement. */
  async summary(): Promise<{ failed: number; pending: number; waiting: number; oldestPendingAt: Date | null }> {
    const [row] = await this.db
      .select({
        failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')::int`,
        pending: sql<number>`count(*) filter (where ${outbox.status} = 'pending')::int`,
        waiting: sql<number>`count(*) filter (where ${waiting})::int`,
        oldestPendingAt: sql<Date | null>`min(${outbox.createdAt}) filter (where ${outbox.status} = 'pending')`.mapWith(outbox.doneAt),
      })
      .from(outbox)
      .where(inArray(outbox.status, ['pending', 'failed']));
    return { failed: Number(row?.failed ?? 0), pending: Number(row?.pending ?? 0), waiting: Number(row?.waiting ?? 0), oldestPendingAt: row?.oldestPendingAt ?? null };
  }
}

function normalize<T extends { waiting: unknown; lastAttemptAt: Date | null; orderNumber: string | null }>(row: T): T & { waiting: boolean } {
  return { ...row, waiting: row.waiting === true || row.waiting === 't' };
}
