// Working days in Chile (docs/ordering.md): Monday to Friday, Chile's public holidays excepted. Dates are calendar days
// written 'YYYY-MM-DD' (no time, no zone); "today" is today in Santiago, wherever the code runs.
import { CHILE_HOLIDAYS, CHILE_HOLIDAYS_LAST_YEAR } from './chileHolidays';

const HOLIDAYS = new Map(CHILE_HOLIDAYS.map(([date, name]) => [date, name]));

/** How far ahead a buyer may ask for a delivery (a sales order's dates must fall in open ERP periods). */
export const DELIVERY_HORIZON_DAYS = 90;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day `iso` as a UTC midnight (so adding days never meets a daylight-saving change); null when not a date. */
function utcDay(iso: string): Date | null {
  const m = ISO_DAY.exec(iso);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === iso ? date : null;
}

export const isIsoDate = (iso: string): boolean => utcDay(iso) !== null;

/** 'YYYY-MM-DD' in Santiago (made once: a formatter costs far more to make than to use). */
const chileDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Santiago (the ERP's business day), 'YYYY-MM-DD', whatever the server's time zone. */
export function chileTodayIso(now: Date = new Date()): string {
  return chileDay.format(now);
}

export function addDays(iso: string, days: number): string {
  const date = utcDay(iso);
  if (!date) throw new Error(`fecha inválida: ${iso}`);
  return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The holiday's name when `iso` is a public holiday in Chile. */
export const holidayName = (iso: string): string | undefined => HOLIDAYS.get(iso);

export function isWeekend(iso: string): boolean {
  const day = utcDay(iso)?.getUTCDay();
  return day === 0 || day === 6;
}

export const isWorkingDay = (iso: string): boolean => isIsoDate(iso) && !isWeekend(iso) && !HOLIDAYS.has(iso);

/** `iso` itself when it is a working day, otherwise the next one. */
export function nextWorkingDay(iso: string): string {
  let day = iso;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/** 'dd-mm-yyyy', as the SPA and the mails show a date. */
export function showDay(iso: string): string {
  const m = ISO_DAY.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso;
}

export const DELIVERY_DATE_MSG = {
  invalid: 'Fecha de entrega inválida',
  past: 'La fecha de entrega no puede ser anterior a hoy',
  weekend: 'La fecha de entrega debe ser un día hábil (lunes a viernes)',
  holiday: 'El {date} es feriado ({name}): elija un día hábil',
  tooFar: 'La fecha de entrega debe estar dentro de los próximos 90 días',
} as const;

/**
 * Why `iso` cannot be a requested delivery date, or null when it can: a real date, not before `today`, a working day
 * (not Saturday, Sunday or a Chilean public holiday), at most DELIVERY_HORIZON_DAYS ahead.
 */
export function deliveryDateError(iso: string, today: string = chileTodayIso()): string | null {
  if (!isIsoDate(iso)) return DELIVERY_DATE_MSG.invalid;
  if (iso < today) return DELIVERY_DATE_MSG.past;
  if (iso > addDays(today, DELIVERY_HORIZON_DAYS)) return DELIVERY_DATE_MSG.tooFar;
  if (isWeekend(iso)) return DELIVERY_DATE_MSG.weekend;
  const name = holidayName(iso);
  if (name) return DELIVERY_DATE_MSG.holiday.replace('{date}', showDay(iso)).replace('{name}', name);
  if (Number(iso.slice(0, 4)) > CHILE_HOLIDAYS_LAST_YEAR) return DELIVERY_DATE_MSG.invalid; // the list must be extended first
  return null;
}
