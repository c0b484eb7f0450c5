// The rules every screen and the server read an account document by (docs/account.md): days overdue, the aging
// bucket, the 8-day claim window (Ley 19.983) and the state in words. Pure functions of the document and the Chilean
// calendar day, so the list, the detail, the alerts and the claim route agree.
import { DTE_TYPE_NAMES, type AccountDocument, type AccountItemState, type AgingBucket, type ClaimWindow, type DteType } from './api/account';
import { fill } from './messages';
import { addDays } from './workingDays';

/** Calendar days the buyer has to claim an invoice after the SII received it. */
export const CLAIM_WINDOW_DAYS = 8;
/** Types a claim can be made on (facturas; a credit or debit note is not claimed). */
export const CLAIMABLE_DTE_TYPES: readonly DteType[] = [33, 34];
/** "Vence en N días" is said when a document falls due within this many days. */
export const DUE_SOON_DAYS = 7;

export const ACCOUNT_STATE_TEXTS = {
  AL_DIA: 'Al día',
  VENCE_HOY: 'Vence hoy',
  VENCE: 'Vence en {days} días',
  VENCE_1: 'Vence mañana',
  VENCIDA: 'Vencida hace {days} días',
  VENCIDA_1: 'Vencida hace 1 día',
  CEDIDA: 'Cedida',
  EN_RECLAMO: 'En reclamo',
  PAGO_EN_PROCESO: 'Pago en proceso',
} as const;

export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  NOT_DUE: 'Por vencer',
  D0_30: '0–30 días',
  D31_60: '31–60 días',
  D61_90: '61–90 días',
  D90_PLUS: 'Más de 90 días',
};

/**
 * A DTE as people name it, on every screen, sheet and mail: 'Factura electrónica N° 10461' (the tipo's name and the
 * folio, or the number that stands in for a missing one). `name` replaces the tipo's name ('… de anticipo').
 */
export function dteDocumentName(dteType: DteType, number: number | string, name: string = DTE_TYPE_NAMES[dteType]): string {
  return `${name} N° ${number}`;
}

const dayNumber = (iso: string) => Math.floor(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000);

/** `to` − `from` in calendar days ('YYYY-MM-DD' both). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The due date that counts: the earliest installment still owing, else the document's. */
export function effectiveDueDate(doc: Pick<AccountDocument, 'dueDate' | 'installments'>): string {
  const owing = doc.installments.filter((i) => i.balance > 0).map((i) => i.dueDate).sort();
  return owing[0] ?? doc.dueDate;
}

/** Days past the due date that counts (0 when not overdue). Only what adds to the debt can be overdue. */
export function daysOverdueOf(doc: Pick<AccountDocument, 'dueDate' | 'installments' | 'sign' | 'balance'>, today: string): number {
  if (doc.sign < 0 || doc.balance <= 0) return 0;
  return Math.max(0, daysBetween(effectiveDueDate(doc), today));
}

/** The aging bucket of an item by days overdue; due today or later is NOT_DUE. */
export function agingBucketOf(daysOverdue: number): AgingBucket {
  if (daysOverdue <= 0) return 'NOT_DUE';
  if (daysOverdue <= 30) return 'D0_30';
  if (daysOverdue <= 60) return 'D31_60';
  if (daysOverdue <= 90) return 'D61_90';
  return 'D90_PLUS';
}

/**
 * The claim window: from the SII's reception date, 8 calendar days (the reception day is day 0; the last day to claim
 * is reception + 8). Open when the type can be claimed, the window has not passed and no claim was made.
 */
export function claimWindowOf(doc: Pick<AccountDocument, 'dteType' | 'receptionDate'>, today: string, claimed: boolean): ClaimWindow {
  if (!CLAIMABLE_DTE_TYPES.includes(doc.dteType) || !doc.receptionDate) return { deadline: null, daysLeft: null, open: false };
  const deadline = addDays(doc.receptionDate, CLAIM_WINDOW_DAYS);
  const daysLeft = Math.max(0, daysBetween(today, deadline) + 1);
  return { deadline, daysLeft, open: daysLeft > 0 && !claimed && today >= doc.receptionDate };
}

/** The state of an open item and its words, in the order of precedence of ACCOUNT_ITEM_STATES. */
export function itemStateOf(
  doc: Pick<AccountDocument, 'dueDate' | 'installments' | 'sign' | 'balance' | 'ceded' | 'claimState'>,
  today: string,
  extra: { inProcess: boolean; claimed: boolean },
): { state: AccountItemState; label: string } {
  if (doc.ceded) return { state: 'CEDIDA', label: ACCOUNT_STATE_TEXTS.CEDIDA };
  if (extra.inProcess) return { state: 'PAGO_EN_PROCESO', label: ACCOUNT_STATE_TEXTS.PAGO_EN_PROCESO };
  if (extra.claimed || (doc.claimState && doc.claimState !== 'ACD')) return { state: 'EN_RECLAMO', label: ACCOUNT_STATE_TEXTS.EN_RECLAMO };
  const overdue = daysOverdueOf(doc, today);
  if (overdue > 0) return { state: 'VENCIDA', label: overdue === 1 ? ACCOUNT_STATE_TEXTS.VENCIDA_1 : fill(ACCOUNT_STATE_TEXTS.VENCIDA, { days: overdue }) };
  if (doc.sign > 0 && doc.balance > 0) {
    const left = daysBetween(today, effectiveDueDate(doc));
    if (left === 0) return { state: 'VENCE', label: ACCOUNT_STATE_TEXTS.VENCE_HOY };
    if (left === 1) return { state: 'VENCE', label: ACCOUNT_STATE_TEXTS.VENCE_1 };
    if (left <= DUE_SOON_DAYS) return { state: 'VENCE', label: fill(ACCOUNT_STATE_TEXTS.VENCE, { days: left }) };
  }
  return { state: 'AL_DIA', label: ACCOUNT_STATE_TEXTS.AL_DIA };
}
