// Helpers of the paged admin lists: Chilean calendar days as UTC instants, LIKE patterns, and pages.
import { CSV_MAX_ROWS } from '@shared/api/lists';
import { LIST_MSG } from '@shared/schemas/lists';
import { HttpError } from '../errors';

/** The UTC offset (ms) of America/Santiago at instant `utcMs`. */
function santiagoOffsetMs(utcMs: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Santiago',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(utcMs))
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return local - Math.floor(utcMs / 1000) * 1000;
}

/** The instant a Chilean calendar day ('YYYY-MM-DD') starts, plus `days` whole days. */
export function chileDayStart(day: string, days = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(y, m - 1, d + days);
  // the offset at that wall time: guessed with the offset of the UTC instant, then corrected once (DST changes)
  let utc = midnightAsUtc - santiagoOffsetMs(midnightAsUtc);
  utc = midnightAsUtc - santiagoOffsetMs(utc);
  return new Date(utc);
}

/** `[from, to)` as instants for the days `from`..`to` (both included); each end absent when not given. */
export function dayRange(from?: string, to?: string): { since?: Date; before?: Date } {
  return { since: from ? chileDayStart(from) : undefined, before: to ? chileDayStart(to, 1) : undefined };
}

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Lower case without accents, for comparing names ('Comercial Ñuñoa' ~ 'nunoa'). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** The rows an export may hold; more is a 400 asking for narrower filters. */
export function assertExportable(total: number): void {
  if (total > CSV_MAX_ROWS) throw new HttpError(400, LIST_MSG.tooManyRows);
}

/** limit/offset of a page, or of a whole export (`csv`). */
export function pageWindow(query: { page: number; pageSize: number }, csv: boolean): { limit: number; offset: number } {
  return csv ? { limit: CSV_MAX_ROWS, offset: 0 } : { limit: query.pageSize, offset: query.page * query.pageSize };
}
