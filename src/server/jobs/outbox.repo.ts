import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { outbox } from '../db/schema';

/**
 * Reads and small writes of the outbox outside the queue's own life cycle (which is `Outbox` and `OutboxWorker` in
 * outbox.ts): the re-driver's look, a mail job's sealed values dropped once sent.
 */
export class OutboxRepo {
  constructor(private readonly db: Db) {}

  /** How many jobs of these kinds ran out of tries ('failed', 'exhausted'). */
  async exhaustedCount(kinds: readonly string[]): Promise<number> {
    if (kinds.length === 0) return 0;
    const [waiting] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(and(eq(outbox.status, 'failed'), eq(outbox.failure, 'exhausted'), inArray(outbox.kind, [...kinds])));
    return Number(waiting?.n ?? 0);
  }

  /** Replaces a job's payload. */
  async replacePayload(jobId: number, payload: unknown): Promise<void> {
    await this.db.execute(sql`update outbox set payload = ${JSON.stringify(payload)}::jsonb where id = ${jobId}`);
  }
}
