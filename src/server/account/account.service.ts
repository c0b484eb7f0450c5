// The buyer's current account, read side (docs/account.md): the summary (B1's balance, credit limit, open orders,
// aging), the open items with their state, one document with its chain and the payments that settled it, a payment,
// a DTE's legal file and the statement of a period. Everything is the acting company's own: every ERP read names its
// CardCode, and another company's document or payment answers 404 like a missing one.
import type {
  AccountClaim, AccountDocument, AccountDocumentDetail, AccountDocumentKind, AccountItem, AccountItemList, AccountPayment, AccountStatement,
  AccountSummary, DteFile, DteFileFormat, StatementMovement,
} from '@shared/api/account';
import { AGING_BUCKETS, DTE_TYPE_NAMES } from '@shared/api/account';
import { agingBucketOf, claimWindowOf, daysOverdueOf, itemStateOf, dteDocumentName } from '@shared/accountRules';
import { type ACCOUNT_SORTS, type accountDocumentsQuery, statementQuery } from '@shared/schemas/account';
import type * as yup from '@shared/yup';
import { chileTodayIso } from '@shared/workingDays';
import type { SharedReads } from '../catalog/sharedReads.repo';
import { ShortCache } from '../catalog/shortCache';
import { ErpError } from '../erp/errors';
import type { ErpService } from '../erp/erp.service';
import type { SessionUser } from '../plugins/auth';
import type { CustomerDirectory } from '../profile/customers.service';
import { NO_ACCOUNT_EXTRAS, type AccountExtras } from './accountExtras';
import { dteKey, type DteProvider, type DteStatus } from './dteProvider';

export type AccountDocumentsQuery = yup.InferType<typeof accountDocumentsQuery>;
export type StatementQuery = yup.InferType<typeof statementQuery>;
type Sort = (typeof ACCOUNT_SORTS)[number];

/** The wholesaler's own data printed on the statement (config: ISSUER_*). */
export type AccountIssuer = AccountStatement['issuer'];

/** How long a company's open documents and their SII state are kept between requests (ms). */
export const OPEN_ITEMS_CACHE_MS = 3_000;

export interface AccountServiceDeps {
  erp: Pick<ErpService, 'accountBalance' | 'openAccountDocuments' | 'accountPeriod' | 'accountDocument' | 'accountOrigin' | 'accountPayment'>;
  dte: DteProvider;
  customers: Pick<CustomerDirectory, 'profileOf' | 'cardCodeOf'>;
  issuer: AccountIssuer;
  /** Payments in process and claims (the payments and claims areas); absent: none. */
  extras?: AccountExtras;
  /** Today in Chile ('YYYY-MM-DD'); tests pass a fixed day. */
  today?: () => string;
  now?: () => number;
  /** The open items' cache (ms; 0 = read the ERP on every request). */
  cacheMs?: number;
  /** On a cluster: a company's open items one instance read, served by the others while fresh (docs/scale-out.md). */
  sharedReads?: SharedReads;
}

/** A company's open documents as read from the ERP with the provider's SII state merged in. */
interface OpenDocuments {
  documents: AccountDocument[];
}

const EMPTY_STATUS: DteStatus = { receptionDate: null, ceded: null, claimState: null };

/** The provider's SII state over the ERP's document (the provider is the authority on reception, cesión and claims). */
function withStatus(doc: AccountDocument, status: DteStatus | undefined): AccountDocument {
  const s = status ?? EMPTY_STATUS;
  return { ...doc, receptionDate: s.receptionDate, ceded: s.ceded, claimState: s.claimState };
}

/** An open item: the document with its state, aging, claim window and whether it may be paid now. */
export function toAccountItem(doc: AccountDocument, today: string, inProcess: ReadonlySet<string>, claims: ReadonlyMap<string, AccountClaim>): AccountItem {
  const key = dteKey(doc);
  const claim = claims.get(key) ?? null;
  const busy = inProcess.has(key);
  const daysOverdue = daysOverdueOf(doc, today);
  const { state, label } = itemStateOf(doc, today, { inProcess: busy, claimed: claim !== null });
  return {
    ...doc,
    state,
    stateLabel: label,
    daysOverdue,
    bucket: agingBucketOf(daysOverdue),
    inProcess: busy,
    selectable: doc.open && !doc.ceded && !busy && doc.balance !== 0,
    claimWindow: claimWindowOf(doc, today, claim !== null),
    claim,
  };
}

const SORT_KEYS: Record<Sort, (i: AccountItem) => number | string> = {
  dueDate: (i) => i.dueDate,
  issueDate: (i) => i.issueDate,
  folio: (i) => i.folio ?? 0,
  balance: (i) => i.sign * i.balance,
  daysOverdue: (i) => i.daysOverdue,
};

function compareBy(sort: Sort, dir: 'asc' | 'desc') {
  const key = SORT_KEYS[sort];
  const factor = dir === 'desc' ? -1 : 1;
  return (a: AccountItem, b: AccountItem): number => {
    const x = key(a);
    const y = key(b);
    const primary = typeof x === 'number' ? x - (y as number) : x.localeCompare(y as string);
    return factor * primary || a.issueDate.localeCompare(b.issueDate) || a.kind.localeCompare(b.kind) || a.docEntry - b.docEntry;
  };
}

const MOVEMENT_TYPE: Record<number, StatementMovement['type']> = { 33: 'INVOICE', 34: 'EXEMPT_INVOICE', 56: 'DEBIT_NOTE', 61: 'CREDIT_NOTE' };

function movementType(doc: AccountDocument): StatementMovement['type'] {
  if (doc.kind === 'downPayment') return 'DOWN_PAYMENT';
  if (doc.kind === 'creditNote') return 'CREDIT_NOTE';
  return MOVEMENT_TYPE[doc.dteType] ?? 'INVOICE';
}

/** A document's name as people read it: 'Factura electrónica N° 10461'. */
export function documentLabel(doc: Pick<AccountDocument, 'dteType' | 'folio' | 'docNum' | 'kind'>): string {
  const name = doc.kind === 'downPayment' ? `${DTE_TYPE_NAMES[doc.dteType]} de anticipo` : DTE_TYPE_NAMES[doc.dteType];
  return dteDocumentName(doc.dteType, doc.folio ?? doc.docNum, name);
}

/** A movement and what sorts it: its date, documents before payments on one day, then its number. */
interface Dated {
  movement: Omit<StatementMovement, 'balance'>;
  order: [string, number, number];
}

function documentMovement(doc: AccountDocument): Dated {
  return {
    movement: {
      date: doc.issueDate,
      type: movementType(doc),
      description: documentLabel(doc),
      document: { kind: doc.kind, docEntry: doc.docEntry, dteType: doc.dteType, folio: doc.folio },
      paymentDocEntry: null,
      debit: doc.sign > 0 ? doc.total : 0,
      credit: doc.sign < 0 ? doc.total : 0,
    },
    order: [doc.issueDate, 0, doc.docNum],
  };
}

function paymentMovement(payment: AccountPayment): Dated {
  const folios = payment.lines.filter((l) => l.folio !== null).map((l) => l.folio);
  return {
    movement: {
      date: payment.date,
      type: 'PAYMENT',
      description: `Pago recibido N° ${payment.docNum}${folios.length ? ` (folios ${folios.join(', ')})` : ''}`,
      document: null,
      paymentDocEntry: payment.docEntry,
      debit: 0,
      credit: payment.amount,
    },
    order: [payment.date, 1, payment.docNum],
  };
}

/** Every movement of a period in statement order. */
export function statementMovements(documents: readonly AccountDocument[], payments: readonly AccountPayment[]): Omit<StatementMovement, 'balance'>[] {
  return [...documents.map(documentMovement), ...payments.map(paymentMovement)]
    .sort((a, b) => a.order[0].localeCompare(b.order[0]) || a.order[1] - b.order[1] || a.order[2] - b.order[2])
    .map((d) => d.movement);
}

const isInvoiceRef = (r: AccountDocument['references'][number]) => r.objectType === 'rot_SalesInvoice' && r.docEntry !== null;

export class AccountService {
  private readonly open: ShortCache<OpenDocuments>;
  private readonly extras: AccountExtras;
  private readonly today: () => string;
  private readonly now: () => number;

  constructor(private readonly deps: AccountServiceDeps) {
    this.extras = deps.extras ?? NO_ACCOUNT_EXTRAS;
    this.today = deps.today ?? (() => chileTodayIso());
    this.now = deps.now ?? Date.now;
    const ttlMs = deps.cacheMs ?? OPEN_ITEMS_CACHE_MS;
    this.open = new ShortCache((cardCode) => this.readOpen(cardCode), {
      ttlMs, now: this.now, maxEntries: 2000, ...(deps.sharedReads ? { shared: { reads: deps.sharedReads, scope: 'account-open' } } : {}),
    });
  }

  /** The header: B1's balance, credit limit and open orders, what is overdue and not due, credits, the aging buckets. */
  async summary(user: SessionUser): Promise<AccountSummary> {
    const cardCode = await this.deps.customers.cardCodeOf(user);
    const [profile, balance, items] = await Promise.all([this.deps.customers.profileOf(user), this.deps.erp.accountBalance(cardCode), this.itemsOf(cardCode)]);
    const buckets = Object.fromEntries(AGING_BUCKETS.map((b) => [b, { count: 0, amount: 0 }])) as AccountSummary['buckets'];
    let overdue = 0;
    let notDue = 0;
    let credits = 0;
    for (const item of items) {
      if (item.sign < 0) {
        credits += item.balance;
        continue;
      }
      if (item.daysOverdue > 0) overdue += item.balance;
      else notDue += item.balance;
      buckets[item.bucket].count += 1;
      buckets[item.bucket].amount += item.balance;
    }
    return {
      cardCode,
      companyName: profile.nombre,
      companyRut: profile.rut,
      today: this.today(),
      balance: balance.balance,
      overdue,
      notDue,
      credits,
      creditLimit: balance.creditLimit,
      available: Math.max(0, balance.creditLimit - balance.balance - balance.openOrders),
      buckets,
    };
  }

  /**
   * The open items, filtered (bucket, state, folio digits), sorted (due date ascending by default) and paged. A bucket is
   * of what is owed, as the header counts it: a credit note still to apply is in none.
   */
  async documents(user: SessionUser, query: AccountDocumentsQuery): Promise<AccountItemList> {
    const cardCode = await this.deps.customers.cardCodeOf(user);
    const page = query.page ?? 0;
    const pageSize = query.pageSize ?? 25;
    const q = query.q?.trim();
    const rows = (await this.itemsOf(cardCode))
      .filter((i) => (!query.bucket || (i.bucket === query.bucket && i.sign > 0)) && (!query.state || i.state === query.state) && (!q || String(i.folio ?? '').includes(q)))
      .sort(compareBy(query.sort ?? 'dueDate', query.dir ?? 'asc'));
    return { rows: rows.slice(page * pageSize, (page + 1) * pageSize), total: rows.length, page, pageSize };
  }

  /**
   * One of the company's documents: the item, its chain (the buyer's order, the guía, the invoice, the notes that
   * correct it) and the payments received that settled it. 404 for another company's.
   */
  async document(user: SessionUser, kind: AccountDocumentKind, docEntry: number): Promise<AccountDocumentDetail> {
    const cardCode = await this.deps.customers.cardCodeOf(user);
    const today = this.today();
    const doc = await this.deps.erp.accountDocument(cardCode, kind, docEntry);
    // the invoice the chain is about: this one, or the one this note corrects
    const base = kind === 'invoice' && doc.dteType !== 56 ? null : doc.references.find(isInvoiceRef);
    const from = [doc.issueDate, base?.date ?? doc.issueDate].sort()[0]!;
    const rootEntry = base?.docEntry ?? (kind === 'invoice' ? doc.docEntry : null);
    const [statuses, inProcess, claims, period, origin] = await Promise.all([
      this.deps.dte.statuses(cardCode, [doc]),
      this.extras.documentsInProcess(cardCode),
      this.extras.claimsOf(cardCode),
      this.deps.erp.accountPeriod(cardCode, from, today < from ? from : today),
      // the invoice's origin (a note's invoice is read by the same CardCode rule: one no longer there just has none)
      this.deps.erp.accountOrigin(cardCode, rootEntry !== null ? 'invoice' : kind, rootEntry ?? docEntry).catch((error: unknown) => {
        if (error instanceof ErpError && error.status === 404) return null;
        throw error;
      }),
    ]);
    const item = toAccountItem(withStatus(doc, statuses.get(dteKey(doc))), today, inProcess, claims);
    const root = rootEntry === doc.docEntry && kind === 'invoice' ? doc : period.documents.find((d) => d.kind === 'invoice' && d.docEntry === rootEntry);
    const chain: AccountDocumentDetail['chain'] = [];
    // where it came from: the sales orders (the portal order number or purchase order) and the guías it was made from
    for (const order of origin?.orders ?? []) {
      chain.push({ label: order.numAtCard ? `Pedido ${order.numAtCard}` : `Pedido N° ${order.docNum}`, dteType: null, folio: null, date: order.date, document: null, current: false });
    }
    for (const delivery of origin?.deliveries ?? []) {
      chain.push({ label: dteDocumentName(52, delivery.folio ?? delivery.docNum), dteType: 52, folio: delivery.folio, date: delivery.date, document: null, current: false });
    }
    if (!origin?.orders.length && origin?.numAtCard) {
      chain.push({ label: `Orden de compra ${origin.numAtCard}`, dteType: null, folio: null, date: null, document: null, current: false });
    }
    // what the references add that the base documents did not (a guía or purchase order named only there)
    for (const ref of (root ?? doc).references) {
      if (ref.objectType === 'rot_DeliveryNotes' && !origin?.deliveries.length) {
        chain.push({ label: dteDocumentName(52, ref.folio ?? ref.docNum ?? ref.docEntry ?? '').trim(), dteType: 52, folio: ref.folio ?? null, date: ref.date, document: null, current: false });
      } else if ((ref.objectType === 'rot_ExternalDocument' || ref.objectType === 'rot_SalesOrder') && !origin?.orders.length && !origin?.numAtCard) {
        chain.push({ label: ref.externalNumber ? `Orden de compra ${ref.externalNumber}` : `Pedido N° ${ref.docNum ?? ref.docEntry ?? ''}`.trim(), dteType: null, folio: null, date: ref.date, document: null, current: false });
      }
    }
    const link = (d: AccountDocument) => ({ label: documentLabel(d), dteType: d.dteType, folio: d.folio, date: d.issueDate, document: { kind: d.kind, docEntry: d.docEntry }, current: d.kind === doc.kind && d.docEntry === doc.docEntry });
    if (root) chain.push(link(root));
    else if (base) {
      chain.push({ label: dteDocumentName(base.dteType ?? 33, base.folio ?? base.docNum ?? base.docEntry!), dteType: base.dteType ?? 33, folio: base.folio, date: base.date, document: { kind: 'invoice', docEntry: base.docEntry! }, current: false });
    }
    if (rootEntry !== null) {
      const notes = period.documents
        .filter((d) => !(d.kind === 'invoice' && d.docEntry === rootEntry) && d.references.some((r) => isInvoiceRef(r) && r.docEntry === rootEntry))
        .sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.docEntry - b.docEntry);
      // the note asked for is always shown, even when it was issued before the period read
      if (!(kind === 'invoice' && doc.docEntry === rootEntry) && !notes.some((d) => d.kind === doc.kind && d.docEntry === doc.docEntry)) notes.push(doc);
      chain.push(...notes.map(link));
    } else chain.push(link(doc));
    const payments = period.payments.filter((p) => p.lines.some((l) => l.kind === doc.kind && l.docEntry === doc.docEntry));
    return { item, chain, payments };
  }

  /** One of the company's payments received, with every folio it settled; 404 for another company's. */
  async payment(user: SessionUser, docEntry: number): Promise<AccountPayment> {
    return this.deps.erp.accountPayment(await this.deps.customers.cardCodeOf(user), docEntry);
  }

  /** A DTE's legal PDF or XML, the company's own only (404 otherwise, never the bytes). */
  async file(user: SessionUser, kind: AccountDocumentKind, docEntry: number, format: DteFileFormat): Promise<DteFile> {
    return this.deps.dte.file(await this.deps.customers.cardCodeOf(user), { kind, docEntry }, format);
  }

  /**
   * The statement of `from`..`to` (both included): every document issued and payment received, with the running
   * balance. B1 keeps only today's balance, so the period from..today is read once: the opening balance is today's
   * balance less everything since `from`, and the closing one is the opening plus the period's movements.
   */
  async statement(user: SessionUser, query: { from: string; to: string }): Promise<AccountStatement> {
    const today = this.today();
    const { from, to } = await statementQuery.validate(query, { context: { today }, stripUnknown: true });
    const cardCode = await this.deps.customers.cardCodeOf(user);
    const [profile, balance, period] = await Promise.all([
      this.deps.customers.profileOf(user), this.deps.erp.accountBalance(cardCode), this.deps.erp.accountPeriod(cardCode, from, today),
    ]);
    const all = statementMovements(period.documents, period.payments);
    const sinceFrom = all.reduce((s, m) => s + m.debit - m.credit, 0);
    const openingBalance = balance.balance - sinceFrom;
    let running = openingBalance;
    let totalDebit = 0;
    let totalCredit = 0;
    const movements: StatementMovement[] = [];
    for (const m of all) {
      if (m.date > to) break;
      running += m.debit - m.credit;
      totalDebit += m.debit;
      totalCredit += m.credit;
      movements.push({ ...m, balance: running });
    }
    return {
      from,
      to,
      company: { name: profile.nombre, rut: profile.rut, cardCode },
      issuer: this.deps.issuer,
      openingBalance,
      movements,
      closingBalance: openingBalance + totalDebit - totalCredit,
      totalDebit,
      totalCredit,
      generatedAt: new Date(this.now()).toISOString(),
    };
  }

  // --- internals ---

  /** The company's open items now: its open documents (kept a few seconds) with this moment's payments and claims. */
  private async itemsOf(cardCode: string): Promise<AccountItem[]> {
    const today = this.today();
    const [open, inProcess, claims] = await Promise.all([this.open.get(cardCode), this.extras.documentsInProcess(cardCode), this.extras.claimsOf(cardCode)]);
    return open.documents.map((d) => toAccountItem(d, today, inProcess, claims));
  }

  private async readOpen(cardCode: string): Promise<OpenDocuments> {
    const documents = await this.deps.erp.openAccountDocuments(cardCode);
    const statuses = await this.deps.dte.statuses(cardCode, documents);
    return { documents: documents.map((d) => withStatus(d, statuses.get(dteKey(d)))) };
  }
}
