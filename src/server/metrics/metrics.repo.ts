import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/connect';

/** The three small grouped reads of a metrics scrape (the whole database, whichever instance wrote it). */
export class MetricsRepo {
  constructor(private readonly db: Db) {}

  /** Pending and failed outbox jobs per kind and status. */
  async outboxJobs(): Promise<{ kind: string; status: string; n: number | string }[]> {
    return rowsOf(await this.db.execute(sql`select kind, status::text as status, count(*)::int as n from outbox where status in ('pending', 'failed') group by 1, 2`));
  }

  /** The age in seconds of the oldest pending job of each kind. */
  async oldestPendingAges(): Promise<{ kind: string; age: number | string | null }[]> {
    return rowsOf(await this.db.execute(sql`select kind, extract(epoch from now() - min(created_at))::float8 as age from outbox where status = 'pending' group by 1`));
  }

  /** Payments per provider and state. */
  async paymentStates(): Promise<{ provider: string; state: string; n: number | string }[]> {
    return rowsOf(await this.db.execute(sql`select provider::text as provider, state::text as state, count(*)::int as n from payments group by 1, 2`));
  }
}
