// The netted payment of the cuenta corriente (docs/account.md#netted-payment): which lines one IncomingPayments will
// carry for a selection of the buyer's open documents, and what the card or transfer charges. One function resolves a
// selection, for the preview and for the create, from the ERP's open documents and the DTE provider's states, read
// fresh each time; nothing the browser sends but the selection is read.
import type { AccountDocument, AccountPayLine, AccountPayPreview, AccountPaySelection } from '@shared/api/account';
import { formatRut } from '@shared/rut';
import { fill } from '@shared/messages';
import { ACCOUNT_MSG } from '@shared/schemas/account';
import { formatCLP } from '@shared/money';
import type { DteStatus } from '../account/dteProvider';
import type { PaidDocument } from '../db/schema';
import { HttpError } from '../errors';
import { PAYMENT_TEXTS } from './texts';

/** `${kind}:${docEntry}`: how a document is named in the sets of documents in process and in the DTE states. */
export const documentKey = (d: { kind?: AccountDocument['kind']; docEntry: number }): string => `${d.kind ?? 'invoice'}:${d.docEntry}`;

/** The folios a payment pays, each once (a document paid by installments has a line per installment). */
export const foliosOf = (documents: readonly Pick<PaidDocument, 'folio'>[]): string[] => [...new Set(documents.map((d) => d.folio))];

/** What a selection resolves to: the preview the buyer sees and the lines the payment stores. */
export interface ResolvedAccountPay extends AccountPayPreview {
  /** payments.invoices of the payment: one entry per line, in the same order. */
  paid: PaidDocument[];
}

/** The folio as people read it (the ERP's DocNum when the document has none). */
const folioText = (d: AccountDocument): string => String(d.folio ?? d.docNum);

/** The text the buyer reads of a ceded document: pay the cesionario (its razón social and rut). */
export function cededMessage(ceded: NonNullable<DteStatus['ceded']>): string {
  return fill(ACCOUNT_MSG.ceded, { name: ceded.name, rut: ceded.rut ? formatRut(ceded.rut) : '' });
}

/**
 * The lines of one document, by installment, earliest due first: its whole open balance, or `amount` of it (a partial
 * payment fills the earliest installments first). A credit note's lines are negative.
 */
function linesOf(doc: AccountDocument, amount: number | undefined): AccountPayLine[] {
  let left = amount ?? doc.balance;
  const lines: AccountPayLine[] = [];
  const installments = [...doc.installments].filter((i) => i.balance > 0).sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
  for (const installment of installments) {
    if (left <= 0) break;
    const sum = Math.min(left, installment.balance);
    lines.push({ kind: doc.kind, docEntry: doc.docEntry, dteType: doc.dteType, folio: doc.folio, installmentId: installment.id, amount: doc.sign * sum });
    left -= sum;
  }
  // installments that do not add up to the document's balance (an ERP rounding): the rest goes on the last line
  if (left > 0 && lines.length > 0) lines[lines.length - 1]!.amount += doc.sign * left;
  return lines;
}

/**
 * Resolves a selection of the buyer's documents against `open` (the ERP's open documents of the company), `states`
 * (the DTE provider's, keyed kind:docEntry) and `inProcess` (documents in another payment, PaymentService.documentsInProcess):
 * - a document not open, not the company's or with nothing to pay → 404;
 * - a ceded one → 409 with the cesionario to pay;
 * - one in a payment being processed → 409 (credit notes too: one credit applied by two payments);
 * - `amount` only for one payable document alone (1..balance, whole pesos), never for a credit note → 400;
 * - credit notes that cover the whole selection → 400 naming both amounts.
 */
export function resolveAccountPay(
  selection: readonly AccountPaySelection[],
  open: readonly AccountDocument[],
  states: ReadonlyMap<string, DteStatus>,
  inProcess: ReadonlySet<string>,
): ResolvedAccountPay {
  const byKey = new Map(open.map((d) => [documentKey(d), d]));
  const seen = new Set<string>();
  const chosen: Array<{ doc: AccountDocument; amount?: number }> = [];
  for (const s of selection) {
    const key = documentKey(s);
    if (seen.has(key)) throw new HttpError(400, PAYMENT_TEXTS.documentTwice);
    seen.add(key);
    const doc = byKey.get(key);
    if (!doc || !doc.open || doc.balance <= 0) throw new HttpError(404, fill(PAYMENT_TEXTS.invoiceNotPending, { docEntry: s.docEntry }));
    chosen.push({ doc, amount: s.amount });
  }
  for (const { doc } of chosen) {
    const ceded = states.get(documentKey(doc))?.ceded;
    if (ceded) throw new HttpError(409, cededMessage(ceded));
  }
  for (const { doc } of chosen) {
    if (inProcess.has(documentKey(doc))) throw new HttpError(409, fill(PAYMENT_TEXTS.invoiceInProgress, { folio: folioText(doc) }));
  }
  const payable = chosen.filter((c) => c.doc.sign > 0);
  for (const { doc, amount } of chosen) {
    if (amount === undefined) continue;
    if (doc.sign < 0) throw new HttpError(400, PAYMENT_TEXTS.partialCreditNote);
    if (payable.length !== 1) throw new HttpError(400, PAYMENT_TEXTS.partialOnlyOne);
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > doc.balance) {
      throw new HttpError(400, fill(PAYMENT_TEXTS.partialRange, { folio: folioText(doc), balance: formatCLP(doc.balance) }));
    }
  }
  // payable documents first (in the order chosen), then the credit notes applied to them
  const ordered = [...payable, ...chosen.filter((c) => c.doc.sign < 0)];
  const lines = ordered.flatMap(({ doc, amount }) => linesOf(doc, amount));
  const debits = lines.filter((l) => l.amount > 0).reduce((s, l) => s + l.amount, 0);
  const credits = -lines.filter((l) => l.amount < 0).reduce((s, l) => s + l.amount, 0);
  const total = debits - credits;
  if (total <= 0) {
    throw new HttpError(400, payable.length === 0
      ? PAYMENT_TEXTS.onlyCredits
      : fill(PAYMENT_TEXTS.creditsExceed, { credits: formatCLP(credits), debits: formatCLP(debits) }));
  }
  const docs = new Map(ordered.map(({ doc }) => [documentKey(doc), doc]));
  const paid = lines.map((l): PaidDocument => ({
    docEntry: l.docEntry,
    folio: folioText(docs.get(documentKey(l))!),
    paidSum: l.amount,
    kind: l.kind,
    installmentId: l.installmentId,
    dteType: l.dteType,
  }));
  return { lines, total, credits, paid };
}
