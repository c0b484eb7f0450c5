/** PostgreSQL's code of a failed statement (drivers wrap it: the code may sit a few `cause`s deep). */
export function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** A unique constraint refused the write (a name or key taken, perhaps by a concurrent save). */
export const UNIQUE_VIOLATION = '23505';
/** A foreign key refused the delete (rows still refer to the one deleted). */
export const FOREIGN_KEY_VIOLATION = '23503';

/** The constraint a PostgreSQL error names (driver errors may wrap it in `cause`), if any. */
export function pgConstraint(err: unknown): string | undefined {
  for (let e = err as { constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.constraint === 'string') return e.constraint;
  }
  return undefined;
}
