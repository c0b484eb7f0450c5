import { and, like, lt, notLike, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/connect';
import { loginFailures } from '../db/schema';

/** The keys of the shared request limits (sharedLimit.ts) start with this; the login limits' never do. */
export const SHARED_LIMIT_PREFIX = 'limit:';

/** Failed password checks counted per key (an address, a rut, a rut from an address) in a window that starts at the first. */
export class LoginFailuresRepo {
  constructor(private readonly db: Db) {}

  /** The failures of each key whose window started after `since` (a key whose window has passed is left out). */
  async counts(keys: readonly string[], since: Date): Promise<Map<string, number>> {
    const rows = rowsOf<{ key: string; failures: number }>(
      await this.db.execute(
        sql`select ${loginFailures.key} as key, ${loginFailures.failures} as failures from ${loginFailures}
            where ${loginFailures.key} in (${sql.join(
              keys.map((k) => sql`${k}`),
              sql`, `,
            )}) and ${loginFailures.windowStart} > ${since.toISOString()}`,
      ),
    );
    return new Map(rows.map((r) => [r.key, Number(r.failures)]));
  }

  /** One more failure of each key, atomically: a window that started before `since` starts again at 1, now. */
  async add(keys: readonly string[], now: Date, since: Date): Promise<void> {
    await this.db
      .insert(loginFailures)
      .values(keys.map((key) => ({ key, failures: 1, windowStart: now })))
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${loginFailures.windowStart} > ${since.toISOString()} then ${loginFailures.failures} + 1 else 1 end`,
          windowStart: sql`case when ${loginFailures.windowStart} > ${since.toISOString()} then ${loginFailures.windowStart} else excluded.window_start end`,
        },
      });
  }

  /**
   * One more of `key`, atomically, answering its count in the window: a window that started before `since` starts
   * again at 1, now (the shared request limits, sharedLimit.ts).
   */
  async hit(key: string, now: Date, since: Date): Promise<number> {
    const [row] = await this.db
      .insert(loginFailures)
      .values({ key, failures: 1, windowStart: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${loginFailures.windowStart} > ${since.toISOString()} then ${loginFailures.failures} + 1 else 1 end`,
          windowStart: sql`case when ${loginFailures.windowStart} > ${since.toISOString()} then ${loginFailures.windowStart} else excluded.window_start end`,
        },
      })
      .returning({ count: loginFailures.failures });
    return row!.count;
  }

  /**
   * Deletes the keys whose window started before `since`, only those starting with `prefix` (the shared request
   * limits), or every other key without one (the login limits); how many.
   */
  async deleteBefore(since: Date, prefix?: string): Promise<number> {
    const scope = prefix ? like(loginFailures.key, `${prefix}%`) : notLike(loginFailures.key, `${SHARED_LIMIT_PREFIX}%`);
    const deleted = await this.db
      .delete(loginFailures)
      .where(and(lt(loginFailures.windowStart, since), scope))
      .returning({ key: loginFailures.key });
    return deleted.length;
  }
}
