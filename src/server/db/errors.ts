/** PostgreSQL's code of a failed statement (drivers wrap it: the code may sit a few `cause`s deep). */
export function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** A unique constraint refused the write (a name or key taken, perhaps by a concurrent save). */
export const UNIQUE_VIOLATION = '23505';
/**
 * Waits for `work` (a write, usually a transaction) and throws `taken()` instead when a unique constraint refused it: a
 * name a concurrent save took between the check and the insert is told as the check tells it.
 */
export async function uniqueOr<T>(work: Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) throw taken();
    throw err;
  }
}

/** A foreign key refused the delete (rows still refer to the one deleted). */
export const FOREIGN_KEY_VIOLATION = '23503';

/** The constraint a PostgreSQL error names (driver errors may wrap it in `cause`), if any. */
export function pgConstraint(err: unknown): string | undefined {
  for (let e = err as { constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.constraint === 'string') return e.constraint;
  }
  return undefined;
}
