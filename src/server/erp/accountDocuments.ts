// A customer's current account as the ERP keeps it (docs/account.md): its A/R documents (`Invoices` — facturas 33,
// exentas 34, notas de débito 56 by DocumentSubType —, `CreditNotes` 61, `DownPayments`), what each still owes, the
// incoming payments with the documents they settled, and the files attached to a document (the DTE's PDF and XML).
// Always read from the ERP; every read names the customer, and a document of another customer is 'not found', like a
// missing one. Collections are read whole in pages (`Prefer: odata.maxpagesize`), the three document sets at once.
import { roundPesos } from '@shared/money';
import {
  DTE_TYPE_NAMES, type AccountDocument, type AccountDocumentKind, type AccountPayment, type AccountPaymentLine, type AccountPeriod,
  type AccountReference, type DteFileFormat, type DteType, type DteFile,
} from '@shared/api/account';
import type { B1Attachment, B1Document, B1IncomingPaymentRow, B1PaymentInvoice } from './b1Types';
import { ErpError, ERP_MESSAGES } from './errors';
import { INVOICE_TYPE_OF } from './incomingPayments';
import { B1_FIELDS, isoDate } from './mapping';
import { anyOf, entity, filter, literal } from './odata';
import type { ServiceLayerClient } from './serviceLayer';

const D = B1_FIELDS.dte;
/** DocumentLines.BaseType of a line made from a sales order (17) or a delivery (15). */
const BASE_ORDER = 17;
const BASE_DELIVERY = 15;

/** A sales order or a delivery (guía 52) a document was made from. */
export interface AccountOriginLink {
  docEntry: number;
  docNum: number;
  date: string | null;
  /** The buyer's reference on it: the portal order number or the purchase order. */
  numAtCard: string | null;
  /** A delivery's folio (its guía 52); null for an order. */
  folio: number | null;
}

/** Where a document came from (AccountDocuments.origin). */
export interface AccountOrigin {
  numAtCard: string | null;
  orders: AccountOriginLink[];
  deliveries: AccountOriginLink[];
}

/** The ERP set of each kind of account document. */
export const ACCOUNT_SETS: Record<AccountDocumentKind, 'Invoices' | 'CreditNotes' | 'DownPayments'> = {
  invoice: 'Invoices',
  creditNote: 'CreditNotes',
  downPayment: 'DownPayments',
};
const KINDS = Object.keys(ACCOUNT_SETS) as AccountDocumentKind[];

/** The kind of each PaymentInvoices.InvoiceType. */
const KIND_OF_INVOICE_TYPE = new Map<string, AccountDocumentKind>(Object.entries(INVOICE_TYPE_OF).map(([kind, type]) => [type, kind as AccountDocumentKind]));

/** The DTE type of an A/R invoice by its DocumentSubType (B1's BoDocumentSubType). */
const DTE_OF_SUBTYPE: Record<string, DteType> = { bod_None: 33, bod_InvoiceExempt: 34, bod_DebitMemo: 56 };

export const ACCOUNT_DOCUMENT_SELECT: readonly string[] = [
  'DocEntry', 'DocNum', 'CardCode', 'DocDate', 'DocDueDate', 'DocTotal', 'PaidToDate', 'DocumentStatus', 'Cancelled', 'FolioPrefixString',
  'FolioNumber', 'DocumentSubType', 'DocumentInstallments', 'DocumentReferences', 'AttachmentEntry', D.receptionDate, D.ceded, D.cesionarioRut,
  D.cesionarioName, D.claimState,
];
export const ACCOUNT_PAYMENT_SELECT: readonly string[] = [
  'DocEntry', 'DocNum', 'CardCode', 'DocDate', 'CashSum', 'CheckSum', 'TransferSum', 'CounterReference', 'TransferReference', 'Remarks',
  'Cancelled', 'PaymentInvoices', 'PaymentCreditCards',
];

const num = (v: unknown): number => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};
const textOf = (v: unknown): string | null => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim());

/**
 * The DTE type of a document: its FolioPrefixString when the ERP gives a known one, else what its set and
 * DocumentSubType make it (a credit note 61; an invoice 33, 34 or 56; a down payment invoice 33).
 */
export function dteTypeOf(kind: AccountDocumentKind, doc: Pick<B1Document, 'FolioPrefixString' | 'DocumentSubType'>): DteType {
  const prefix = Number(doc.FolioPrefixString);
  if (prefix in DTE_TYPE_NAMES) return prefix as DteType;
  if (kind === 'creditNote') return 61;
  if (kind === 'downPayment') return 33;
  return DTE_OF_SUBTYPE[doc.DocumentSubType ?? 'bod_None'] ?? 33;
}

function referenceOf(ref: NonNullable<B1Document['DocumentReferences']>[number], known: ReadonlyMap<string, AccountDocument>): AccountReference {
  const type = ref.RefObjType ?? 'rot_ExternalDocument';
  const kind = type === 'rot_SalesInvoice' ? 'invoice' : type === 'rot_SalesCreditNote' ? 'creditNote' : undefined;
  const target = kind && ref.RefDocEntr ? known.get(`${kind}:${ref.RefDocEntr}`) : undefined;
  return {
    objectType: type,
    docEntry: ref.RefDocEntr ?? null,
    docNum: ref.RefDocNum ?? null,
    dteType: target?.dteType ?? null,
    folio: target?.folio ?? null,
    externalNumber: textOf(ref.ExtDocNum),
    date: ref.IssueDate ? isoDate(ref.IssueDate) : null,
  };
}

/**
 * A document of the account in the portal's words: tipo DTE and folio, dates, total, paid and balance in whole pesos,
 * its installments (one, due at DocDueDate, when the ERP sends none), the cesión and the provider's reception date and
 * claim state. `known` resolves the folio of the documents it refers to.
 */
export function toAccountDocument(kind: AccountDocumentKind, doc: B1Document, known: ReadonlyMap<string, AccountDocument> = new Map()): AccountDocument {
  const dteType = dteTypeOf(kind, doc);
  const total = roundPesos(num(doc.DocTotal));
  const paid = roundPesos(num(doc.PaidToDate));
  const installments = (doc.DocumentInstallments ?? []).length
    ? doc.DocumentInstallments!.map((i) => {
      const t = roundPesos(num(i.Total));
      const p = roundPesos(num(i.PaidToDate));
      return { id: i.InstallmentId, dueDate: isoDate(i.DueDate ?? doc.DocDueDate), total: t, paid: p, balance: t - p };
    })
    : [{ id: 1, dueDate: isoDate(doc.DocDueDate), total, paid, balance: total - paid }];
  const ceded = doc[D.ceded] === 'Y' || doc[D.ceded] === 'tYES';
  return {
    kind,
    docEntry: doc.DocEntry,
    docNum: doc.DocNum ?? doc.DocEntry,
    dteType,
    dteName: DTE_TYPE_NAMES[dteType],
    folio: doc.FolioNumber ?? null,
    issueDate: isoDate(doc.DocDate),
    dueDate: isoDate(doc.DocDueDate),
    receptionDate: textOf(doc[D.receptionDate]) ? isoDate(String(doc[D.receptionDate])) : null,
    total,
    paid,
    balance: total - paid,
    sign: kind === 'creditNote' ? -1 : 1,
    open: doc.DocumentStatus === 'bost_Open' && doc.Cancelled !== 'tYES',
    installments,
    references: (doc.DocumentReferences ?? []).map((r) => referenceOf(r, known)),
    ceded: ceded ? { rut: textOf(doc[D.cesionarioRut]) ?? '', name: textOf(doc[D.cesionarioName]) ?? '' } : null,
    claimState: textOf(doc[D.claimState]),
    attachmentEntry: doc.AttachmentEntry ?? null,
  };
}

/** A payment received: the money (transfer, cash, cheques, cards) and each document it settled with its folio. */
export function toAccountPayment(payment: B1IncomingPaymentRow, known: ReadonlyMap<string, AccountDocument> = new Map()): AccountPayment {
  const cards = (payment.PaymentCreditCards ?? []).reduce((s, c) => s + num(c.CreditSum), 0);
  const lines = (payment.PaymentInvoices ?? []).map((line: B1PaymentInvoice): AccountPaymentLine => {
    const kind = KIND_OF_INVOICE_TYPE.get(line.InvoiceType ?? 'it_Invoice') ?? 'invoice';
    const doc = known.get(`${kind}:${line.DocEntry}`);
    return {
      kind, docEntry: line.DocEntry, dteType: doc?.dteType ?? null, folio: doc?.folio ?? null,
      installmentId: line.InstallmentId ?? 1, amount: roundPesos(num(line.SumApplied)),
    };
  });
  return {
    docEntry: payment.DocEntry,
    docNum: payment.DocNum ?? payment.DocEntry,
    date: isoDate(payment.DocDate),
    amount: roundPesos(num(payment.CashSum) + num(payment.CheckSum) + num(payment.TransferSum) + cards),
    reference: textOf(payment.CounterReference) ?? textOf(payment.TransferReference),
    remarks: textOf(payment.Remarks),
    lines,
  };
}

const keyOf = (d: Pick<AccountDocument, 'kind' | 'docEntry'>) => `${d.kind}:${d.docEntry}`;
const byDue = (a: AccountDocument, b: AccountDocument) => a.dueDate.localeCompare(b.dueDate) || a.issueDate.localeCompare(b.issueDate) || a.docEntry - b.docEntry;
const byIssue = (a: AccountDocument, b: AccountDocument) => a.issueDate.localeCompare(b.issueDate) || KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) || a.docEntry - b.docEntry;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** DocEntry values per ERP query: keeps an `eq … or …` filter well under URL limits. */
const ENTRIES_PER_QUERY = 20;

export class AccountDocuments {
  constructor(private readonly sl: ServiceLayerClient, private readonly pageSize: number) {}

  /** The customer's open documents with a balance (owed, or a credit to apply), by due date. */
  async open(cardCode: string): Promise<AccountDocument[]> {
    const docs = await this.documents(cardCode, filter`DocumentStatus eq ${'bost_Open'} and Cancelled eq ${'tNO'}`);
    return docs.filter((d) => d.balance !== 0).sort(byDue);
  }

  /**
   * The statement's material for `from`..`to` (both 'YYYY-MM-DD', included): every document issued then (not
   * cancelled) and every payment received then, with the folios it settled. Documents by issue date.
   */
  async period(cardCode: string, from: string, to: string): Promise<AccountPeriod> {
    if (!DATE.test(from) || !DATE.test(to)) throw new RangeError('period dates must be YYYY-MM-DD');
    const dated = filter`DocDate ge ${from} and DocDate le ${to} and Cancelled eq ${'tNO'}`;
    const [documents, payments] = await Promise.all([
      this.documents(cardCode, dated),
      this.sl.getAll<B1IncomingPaymentRow>(
        'IncomingPayments',
        { select: ACCOUNT_PAYMENT_SELECT, filter: `${filter`CardCode eq ${cardCode}`} and ${dated}`, orderby: 'DocDate,DocEntry' },
        { pageSize: this.pageSize },
      ),
    ]);
    const known = new Map(documents.map((d) => [keyOf(d), d]));
    await this.resolve(cardCode, payments.flatMap((p) => (p.PaymentInvoices ?? []).map((l) => ({
      kind: KIND_OF_INVOICE_TYPE.get(l.InvoiceType ?? 'it_Invoice') ?? 'invoice', docEntry: l.DocEntry,
    }))), known);
    return { from, to, documents: documents.sort(byIssue), payments: payments.map((p) => toAccountPayment(p, known)) };
  }

  /** One of the customer's documents with its references resolved to folios; 404 for another customer's or a missing one. */
  async one(cardCode: string, kind: AccountDocumentKind, docEntry: number): Promise<AccountDocument> {
    const raw = await this.raw(cardCode, kind, docEntry, ACCOUNT_DOCUMENT_SELECT);
    const refs = (raw.DocumentReferences ?? []).flatMap((r) => {
      const k = r.RefObjType === 'rot_SalesInvoice' ? 'invoice' : r.RefObjType === 'rot_SalesCreditNote' ? 'creditNote' : undefined;
      return k && r.RefDocEntr ? [{ kind: k as AccountDocumentKind, docEntry: r.RefDocEntr }] : [];
    });
    const known = new Map<string, AccountDocument>();
    await this.resolve(cardCode, refs, known);
    return toAccountDocument(kind, raw, known);
  }

  /** One of the customer's payments with the folios it settled; 404 for another customer's or a missing one. */
  async payment(cardCode: string, docEntry: number): Promise<AccountPayment> {
    const payment = await this.get<B1IncomingPaymentRow>('IncomingPayments', docEntry, ACCOUNT_PAYMENT_SELECT);
    if (payment.CardCode !== cardCode) throw notFound();
    const known = new Map<string, AccountDocument>();
    await this.resolve(cardCode, (payment.PaymentInvoices ?? []).map((l) => ({
      kind: KIND_OF_INVOICE_TYPE.get(l.InvoiceType ?? 'it_Invoice') ?? 'invoice', docEntry: l.DocEntry,
    })), known);
    return toAccountPayment(payment, known);
  }

  /**
   * The PDF or XML the ERP keeps attached to one of the customer's documents (its Attachments2 line with that
   * extension); 404 when the document is another customer's, missing, or has no such file.
   */
  async file(cardCode: string, kind: AccountDocumentKind, docEntry: number, format: DteFileFormat): Promise<DteFile> {
    const doc = await this.raw(cardCode, kind, docEntry, ['DocEntry', 'CardCode', 'AttachmentEntry']);
    if (!doc.AttachmentEntry) throw notFound();
    const attachment = await this.get<B1Attachment>('Attachments2', doc.AttachmentEntry, ['AbsoluteEntry', 'Attachments2_Lines']);
    const line = (attachment.Attachments2_Lines ?? []).find((l) => l.FileExtension.toLowerCase() === format);
    if (!line) throw notFound();
    const fileName = `${line.FileName}.${line.FileExtension}`;
    const file = await this.sl.getFile(`${entity('Attachments2', doc.AttachmentEntry)}/$value`, { extra: { filename: literal(fileName) } });
    return { fileName, contentType: file.contentType, bytes: new Uint8Array(file.bytes) };
  }

  /**
   * Where one of the customer's documents came from: the buyer's reference on it (NumAtCard: the portal order number
   * or the purchase order), and the documents its lines were made from (BaseType 17 a sales order, 15 a delivery —
   * the guía 52 — whose own lines name the order). 404 for another customer's or a missing document.
   */
  async origin(cardCode: string, kind: AccountDocumentKind, docEntry: number): Promise<AccountOrigin> {
    const doc = await this.raw(cardCode, kind, docEntry, ['DocEntry', 'CardCode', 'NumAtCard', 'DocumentLines']);
    const bases = (type: number, lines: B1Document['DocumentLines']) =>
      [...new Set((lines ?? []).filter((l) => l.BaseType === type && l.BaseEntry).map((l) => l.BaseEntry!))];
    const read = async (set: 'Orders' | 'DeliveryNotes', entries: number[]) => {
      if (!entries.length) return [];
      const rows = await this.sl.getAll<B1Document>(
        set,
        { select: ['DocEntry', 'DocNum', 'DocDate', 'NumAtCard', 'FolioNumber', ...(set === 'DeliveryNotes' ? ['DocumentLines'] : [])], filter: `${filter`CardCode eq ${cardCode}`} and ${anyOf('DocEntry', entries.slice(0, ENTRIES_PER_QUERY))}` },
        { pageSize: this.pageSize },
      );
      return rows.sort((a, b) => a.DocEntry - b.DocEntry);
    };
    const deliveries = await read('DeliveryNotes', bases(BASE_DELIVERY, doc.DocumentLines));
    const orders = await read('Orders', [...new Set([...bases(BASE_ORDER, doc.DocumentLines), ...deliveries.flatMap((d) => bases(BASE_ORDER, d.DocumentLines))])]);
    const link = (d: B1Document) => ({ docEntry: d.DocEntry, docNum: d.DocNum ?? d.DocEntry, date: d.DocDate ? isoDate(d.DocDate) : null, numAtCard: textOf(d.NumAtCard), folio: d.FolioNumber ?? null });
    return { numAtCard: textOf(doc.NumAtCard), orders: orders.map(link), deliveries: deliveries.map(link) };
  }

  // --- internals ---

  /** The customer's documents of the three sets matching `where`, read at once. */
  private async documents(cardCode: string, where: string): Promise<AccountDocument[]> {
    const sets = await Promise.all(KINDS.map(async (kind) => {
      const rows = await this.sl.getAll<B1Document>(
        ACCOUNT_SETS[kind],
        { select: ACCOUNT_DOCUMENT_SELECT, filter: `${filter`CardCode eq ${cardCode}`} and ${where}`, orderby: 'DocDate,DocEntry' },
        { pageSize: this.pageSize },
      );
      return rows.map((row) => ({ kind, row }));
    }));
    const all = sets.flat();
    const known = new Map(all.map(({ kind, row }) => [`${kind}:${row.DocEntry}`, toAccountDocument(kind, row)]));
    // a second pass resolves the references between the documents read
    return all.map(({ kind, row }) => toAccountDocument(kind, row, known));
  }

  /** Adds to `known` the customer's documents among `wanted` it does not hold yet (folio and type are what is used). */
  private async resolve(cardCode: string, wanted: Array<{ kind: AccountDocumentKind; docEntry: number }>, known: Map<string, AccountDocument>): Promise<void> {
    const missing = new Map<AccountDocumentKind, Set<number>>();
    for (const w of wanted) {
      if (known.has(`${w.kind}:${w.docEntry}`)) continue;
      missing.set(w.kind, (missing.get(w.kind) ?? new Set()).add(w.docEntry));
    }
    await Promise.all([...missing].flatMap(([kind, entries]) => {
      const list = [...entries];
      const chunks: number[][] = [];
      for (let i = 0; i < list.length; i += ENTRIES_PER_QUERY) chunks.push(list.slice(i, i + ENTRIES_PER_QUERY));
      return chunks.map(async (chunk) => {
        const rows = await this.sl.getAll<B1Document>(
          ACCOUNT_SETS[kind],
          { select: ACCOUNT_DOCUMENT_SELECT, filter: `${filter`CardCode eq ${cardCode}`} and ${anyOf('DocEntry', chunk)}` },
          { pageSize: this.pageSize },
        );
        for (const row of rows) known.set(`${kind}:${row.DocEntry}`, toAccountDocument(kind, row));
      });
    }));
  }

  private async raw(cardCode: string, kind: AccountDocumentKind, docEntry: number, select: readonly string[]): Promise<B1Document> {
    if (!ACCOUNT_SETS[kind]) throw notFound();
    const doc = await this.get<B1Document>(ACCOUNT_SETS[kind], docEntry, select.includes('CardCode') ? select : [...select, 'CardCode']);
    if (doc.CardCode !== cardCode) throw notFound();
    return doc;
  }

  private async get<T>(set: string, key: number, select: readonly string[]): Promise<T> {
    if (!Number.isSafeInteger(key) || key <= 0) throw notFound();
    try {
      return await this.sl.get<T>(entity(set, key), { select });
    } catch (error) {
      if (error instanceof ErpError && error.status === 404) throw notFound();
      throw error;
    }
  }
}

function notFound(): ErpError {
  return new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.documentNotFound });
}
