import type { StatementPeriod } from './api';

// The statement's frequent periods, from the Chilean calendar day ('YYYY-MM-DD'): pure, so the form and its tests agree.

const iso = (date: Date) => date.toISOString().slice(0, 10);
const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** `day` moved by `months` months, kept inside the target month (31 March − 1 month → 28 or 29 February). */
function shiftMonths(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const lastOfTarget = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastOfTarget))));
}

const nextDay = (day: string) => {
  const [y, m, d] = parts(day);
  return iso(new Date(Date.UTC(y, m - 1, d + 1)));
};

export const STATEMENT_QUICK_PERIODS = ['thisMonth', 'lastMonth', 'last3Months', 'last12Months'] as const;
export type StatementQuickPeriod = (typeof STATEMENT_QUICK_PERIODS)[number];

/** This month so far; the month before, whole; the last 3 or 12 months ending today (both days included). */
export function quickPeriod(choice: StatementQuickPeriod, today: string): StatementPeriod {
  const [y, m] = parts(today);
  switch (choice) {
    case 'thisMonth':
      return { from: iso(new Date(Date.UTC(y, m - 1, 1))), to: today };
    case 'lastMonth':
      return { from: iso(new Date(Date.UTC(y, m - 2, 1))), to: iso(new Date(Date.UTC(y, m - 1, 0))) };
    case 'last3Months':
      return { from: nextDay(shiftMonths(today, -3)), to: today };
    case 'last12Months':
      return { from: nextDay(shiftMonths(today, -12)), to: today };
  }
}
