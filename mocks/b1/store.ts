// The live entity store behind the HTTP layer: lookups by key, creation with B1's business rules
// and effects, the approval procedure (Drafts and ApprovalRequests), PATCH merging, DELETE and document
// actions, and the journal of accepted creates. Throws B1Error; knows nothing of HTTP.
import {
  addressText, BASE_DELIVERY, BASE_INVOICE, BASE_ORDER, DEFAULT_WAREHOUSE, emptyDocument, lineTotal, listPrice, makeLine, normalizeDate, timeOfDay,
  today, totals,
} from './documents';
import { dtePdf, dteXml } from './dte';
import { B1Error, badRequest, businessError, duplicateKey, notFound, notSupported } from './errors';
import { keyValuesOf, sortRows, type FilterNode, type KeyValue, type OrderBy, type PageMarks } from './odata';
import type {
  AddressType, ApprovalDecisionStatus, ApprovalRequestDecision, ApprovalRequestLine, B1ApprovalRequest, B1BusinessPartner, B1Data,
  B1Document, B1IncomingPayment, B1Item, B1PurchaseOrder, B1SalesPerson, BPAddress, ContactEmployee, DocObjectCode, DocumentLine, DocumentSubType, PaymentCheck, PaymentCreditCard,
  PaymentInvoice, PurchaseOrderLine,
} from './types';

type Row = Record<string, unknown>;
type Body = Record<string, unknown>;

export interface EntitySetDef {
  typeName: string; keys: string[]; numericKey: boolean;
  /** The property template when it is not the type's own (PurchaseOrders: a Document with change stamps). */
  template?: string;
}

export const ENTITY_SETS: Record<string, EntitySetDef> = {
  BusinessPartners: { typeName: 'BusinessPartner', keys: ['CardCode'], numericKey: false },
  Items: { typeName: 'Item', keys: ['ItemCode'], numericKey: false },
  Orders: { typeName: 'Document', keys: ['DocEntry'], numericKey: true },
  DeliveryNotes: { typeName: 'Document', keys: ['DocEntry'], numericKey: true },
  Invoices: { typeName: 'Document', keys: ['DocEntry'], numericKey: true },
  CreditNotes: { typeName: 'Document', keys: ['DocEntry'], numericKey: true },
  DownPayments: { typeName: 'Document', keys: ['DocEntry'], numericKey: true },
  Attachments2: { typeName: 'Attachment', keys: ['AbsoluteEntry'], numericKey: true },
  IncomingPayments: { typeName: 'Payment', keys: ['DocEntry'], numericKey: true },
  Drafts: { typeName: 'Document', keys: ['DocEntry'], numericKey: true },
  PurchaseOrders: { typeName: 'Document', keys: ['DocEntry'], numericKey: true, template: 'PurchaseOrder' },
  ApprovalRequests: { typeName: 'ApprovalRequest', keys: ['Code'], numericKey: true },
  PaymentTermsTypes: { typeName: 'PaymentTermsType', keys: ['GroupNumber'], numericKey: true },
  Countries: { typeName: 'Country', keys: ['Code'], numericKey: false },
  States: { typeName: 'State', keys: ['Code', 'Country'], numericKey: false },
  U_TRANSPORTE: { typeName: 'U_TRANSPORTE', keys: ['Code'], numericKey: false },
  SalesPersons: { typeName: 'SalesPerson', keys: ['SalesEmployeeCode'], numericKey: true },
};

const DOC_SETS = new Set(['Orders', 'DeliveryNotes', 'Invoices', 'CreditNotes', 'DownPayments', 'Drafts']);
type DocumentSet = 'Orders' | 'DeliveryNotes' | 'Invoices' | 'CreditNotes' | 'DownPayments';
/** The sets that issue DTEs (a folio per type across them). */
const FOLIATED_SETS = ['Invoices', 'DownPayments', 'CreditNotes', 'DeliveryNotes'] as const;
/** Per set: its DocNum series, its object code, and the BaseType its lines may be copied from (each with its set). */
const DOCUMENT_SETS: Record<DocumentSet, { firstNum: number; objectCode: DocObjectCode; bases: Partial<Record<number, DocumentSet>> }> = {
  Orders: { firstNum: 1000, objectCode: 'oOrders', bases: {} },
  DeliveryNotes: { firstNum: 9000, objectCode: 'oDeliveryNotes', bases: { [BASE_ORDER]: 'Orders' } },
  Invoices: { firstNum: 7000, objectCode: 'oInvoices', bases: { [BASE_ORDER]: 'Orders', [BASE_DELIVERY]: 'DeliveryNotes' } },
  CreditNotes: { firstNum: 800, objectCode: 'oCreditNotes', bases: { [BASE_INVOICE]: 'Invoices' } },
  DownPayments: { firstNum: 600, objectCode: 'oDownPayments', bases: {} },
};

/** The DTE type (FolioPrefixString) of an A/R invoice by its DocumentSubType; folios are numbered per type. */
export const DTE_OF_SUBTYPE: Record<DocumentSubType, string> = { bod_None: '33', bod_InvoiceExempt: '34', bod_DebitMemo: '56' };
/** The folio before the first of each DTE type (the demo's folio ranges authorised by the SII). */
export const FIRST_FOLIO: Record<string, number> = { 33: 10400, 34: 500, 52: 1500, 56: 300, 61: 2200 };
/** PaymentInvoices.InvoiceType → the set of the document it settles. */
const PAYMENT_DOC_SETS: Record<string, 'Invoices' | 'CreditNotes' | 'DownPayments'> = {
  it_Invoice: 'Invoices', it_CredItnote: 'CreditNotes', it_DownPayment: 'DownPayments',
};

/** One installment line of a document not split in parts: due at DocDueDate, the whole total, what was paid. */
export function singleInstallment(doc: B1Document): void {
  doc.DocumentInstallments = [{ InstallmentId: 1, DueDate: doc.DocDueDate, Percentage: 100, Total: doc.DocTotal, PaidToDate: doc.PaidToDate }];
}

/**
 * Applies `sum` (≥ 0) to a document's PaidToDate and to its installment `installmentId` (or, with none named, to the
 * installments in order); closes the document (and its lines) once fully paid.
 */
export function applyToDocument(doc: B1Document, sum: number, installmentId?: number): void {
  doc.PaidToDate += sum;
  let left = sum;
  const lines = installmentId === undefined ? doc.DocumentInstallments : doc.DocumentInstallments.filter((i) => i.InstallmentId === installmentId);
  for (const line of lines) {
    const take = Math.min(left, line.Total - line.PaidToDate);
    line.PaidToDate += take;
    left -= take;
  }
  if (doc.PaidToDate >= doc.DocTotal) {
    doc.DocumentStatus = 'bost_Close';
    doc.DocumentLines.forEach((l) => { l.LineStatus = 'bost_Close'; });
  }
}

// Property templates: a body may only use these names (SL answers "Property 'X' of 'Y' is invalid").
const BLANK_BP: B1BusinessPartner = {
  CardCode: '', CardName: '', CardType: 'cCustomer', GroupCode: 100, FederalTaxID: '', Phone1: null, Phone2: null,
  Cellular: null, EmailAddress: null, Currency: 'CLP', PayTermsGrpCode: 1, CreditLimit: 0, MaxCommitment: 0,
  CurrentAccountBalance: 0, OpenOrdersBalance: 0, PriceListNum: 1, Frozen: 'tNO', Valid: 'tYES', BilltoDefault: null,
  ShipToDefault: null, City: null, BPAddresses: [], ContactEmployees: [], U_Giro: null, U_NivelFidelizacion: null, U_DescFidelizacion: null,
  U_Morosidad: 'Sin Bloqueo', U_Interes: 'Sin Bloqueo', U_Protesto: 'Sin Bloqueo', U_Prorroga: 'Sin Bloqueo',
  SalesPersonCode: -1,
};
const BLANK_SALES_PERSON: B1SalesPerson = {
  SalesEmployeeCode: 0, SalesEmployeeName: '', Active: 'tYES', Locked: 'tNO', Email: null, Mobile: null, Telephone: null, EmployeeID: null,
};
const BLANK_ADDRESS: BPAddress = {
  AddressName: '', AddressType: 'bo_ShipTo', Street: '', Block: null, City: '', County: '', State: '', Country: 'CL',
  ZipCode: null, BPCode: '', RowNum: 0,
};
const BLANK_CONTACT: ContactEmployee = {
  InternalCode: 0, CardCode: '', Name: '', FirstName: null, MiddleName: null, LastName: null, Position: null, E_Mail: null,
  MobilePhone: null, Phone1: null, Active: 'tYES', U_RutPersona: null,
};
/** The longest text each contact field takes (OCPR's column sizes; U_RutPersona as the installation defined it). */
const CONTACT_LENGTHS: Partial<Record<keyof ContactEmployee, number>> = {
  Name: 50, FirstName: 50, MiddleName: 50, LastName: 50, Position: 90, E_Mail: 100, MobilePhone: 50, Phone1: 20, U_RutPersona: 20,
};
const BLANK_DOC = emptyDocument(0, 0, BLANK_BP, '2000-01-01');
const BLANK_LINE: DocumentLine = makeLine(0, {
  ItemCode: '', ItemName: '', ItemPrices: [], ItemWarehouseInfoCollection: [],
} as unknown as B1Item, 0, 0, 0);
/** A purchase order: a Document with its change stamps, lines with what is still to arrive. */
const BLANK_PO_LINE: PurchaseOrderLine = { ...BLANK_LINE, RemainingOpenQuantity: 0, OpenQuantity: 0 };
const BLANK_PO: B1PurchaseOrder = { ...BLANK_DOC, DocObjectCode: 'oPurchaseOrders', DocumentLines: [], UpdateDate: '', UpdateTime: '' };
const BLANK_PAYMENT: B1IncomingPayment = {
  DocEntry: 0, DocNum: 0, DocType: 'rCustomer', DocDate: '', CardCode: '', CardName: '', DocCurrency: 'CLP', CashSum: 0,
  CheckSum: 0, TransferSum: 0, TransferAccount: null, TransferDate: null, TransferReference: null, CounterReference: null,
  Remarks: null, JournalRemarks: null, Cancelled: 'tNO', PaymentInvoices: [], PaymentCreditCards: [], PaymentChecks: [],
};
const BLANK_PAY_INVOICE: PaymentInvoice = { LineNum: 0, DocEntry: 0, SumApplied: 0, InvoiceType: 'it_Invoice', InstallmentId: 1 };
const BLANK_ATTACHMENT_LINE = { LineNum: 0, FileName: '', FileExtension: '', SourcePath: '', AttachmentDate: '', Override: 'tNO' };
const BLANK_INSTALLMENT = { InstallmentId: 0, DueDate: '', Percentage: 0, Total: 0, PaidToDate: 0 };
const BLANK_CARD: PaymentCreditCard = {
  LineNum: 0, CreditCard: 0, CreditCardNumber: null, CardValidUntil: null, VoucherNum: null, PaymentMethodCode: null,
  NumOfPayments: 1, CreditSum: 0, CreditType: 'cr_Regular',
};
const BLANK_CHECK: PaymentCheck = { LineNum: 0, DueDate: null, CheckNumber: null, BankCode: null, CheckSum: 0 };
/** A POST of a document may also carry Document_ApprovalRequests (the originator's remarks for the approver). */
const POST_DOC = { ...BLANK_DOC, Document_ApprovalRequests: [] };
const BLANK_DOC_APPROVAL = { ApprovalTemplatesID: 0, Remarks: null, ApprovalTemplatesName: null, ActiveForUpdate: 'tNO' };
const BLANK_REQUEST_LINE: ApprovalRequestLine = {
  StageCode: 0, UserID: 0, Status: 'ardPending', Remarks: null, UpdateDate: null, UpdateTime: null, CreationDate: '', CreationTime: '',
};
const BLANK_DECISION: ApprovalRequestDecision = { ApproverUserName: null, ApproverPassword: null, Status: 'ardPending', Remarks: null };
const BLANK_REQUEST: B1ApprovalRequest = {
  Code: 0, ApprovalTemplatesID: 0, ObjectType: '', IsDraft: 'N', ObjectEntry: null, Status: 'arsPending', Remarks: null, CurrentStage: 0,
  OriginatorID: 0, CreationDate: '', CreationTime: '', DraftEntry: null, DraftType: null, ApprovalRequestLines: [], ApprovalRequestDecisions: [],
};
const TEMPLATES: Record<string, object> = {
  BusinessPartner: BLANK_BP, Document: BLANK_DOC, Payment: BLANK_PAYMENT, U_TRANSPORTE: { Code: '', Name: '' },
  ApprovalRequest: BLANK_REQUEST, ApprovalRequestLines: BLANK_REQUEST_LINE, ApprovalRequestDecisions: BLANK_DECISION,
  BPAddresses: BLANK_ADDRESS, ContactEmployees: BLANK_CONTACT, DocumentLines: BLANK_LINE, PaymentInvoices: BLANK_PAY_INVOICE,
  PaymentCreditCards: BLANK_CARD, PaymentChecks: BLANK_CHECK, SalesPerson: BLANK_SALES_PERSON,
  Attachment: { AbsoluteEntry: 0, Attachments2_Lines: [] }, Attachments2_Lines: BLANK_ATTACHMENT_LINE, DocumentInstallments: BLANK_INSTALLMENT,
  PurchaseOrder: BLANK_PO, PurchaseOrderLines: BLANK_PO_LINE,
};

/** B1 keeps the default bill-to address's city (the comuna) on the partner itself: recomputed after a change. */
export function syncBillToCity(bp: B1BusinessPartner): void {
  const bills = bp.BPAddresses.filter((a) => a.AddressType === 'bo_BillTo');
  bp.City = (bills.find((a) => a.AddressName === bp.BilltoDefault) ?? bills[0])?.City ?? null;
}

/** The approval template, stage and users of the demo company's one approval procedure (sales orders). */
const APPROVAL = { templateId: 1, stage: 1, originator: 1, approver: 1, objectType: '17', draftType: '112' };
const DECISIONS: ApprovalDecisionStatus[] = ['ardPending', 'ardApproved', 'ardNotApproved'];

/** Properties SL computes or owns: never taken from a POST/PATCH body. */
const READ_ONLY: Record<string, string[]> = {
  Document: [
    'DocEntry', 'DocNum', 'VatSum', 'DocTotal', 'PaidToDate', 'DocumentStatus', 'Cancelled', 'FolioNumber', 'FolioPrefixString',
    'DocObjectCode', 'AuthorizationStatus', 'AttachmentEntry',
  ],
  Payment: ['DocEntry', 'DocNum', 'Cancelled'],
  BusinessPartner: ['CurrentAccountBalance', 'OpenOrdersBalance'],
  Item: ['QuantityOnStock', 'UpdateDate', 'UpdateTime'],
  SalesPerson: ['SalesEmployeeCode'],
};

const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkProperties(body: Body, template: object, typeName: string): void {
  for (const k of Object.keys(body)) {
    if (k.startsWith('odata.')) continue;
    if (!(k in template)) throw badRequest(`Property '${k}' of '${typeName}' is invalid`);
  }
}

const BLANK_REFERENCE = { LineNumber: 0, RefDocEntr: null, RefDocNum: null, ExtDocNum: null, RefObjType: 'rot_ExternalDocument', IssueDate: null, Remark: null };
const REFERENCE_OBJECT_TYPES = new Set(['rot_ExternalDocument', 'rot_SalesQuotation', 'rot_SalesOrder', 'rot_DeliveryNotes', 'rot_SalesInvoice', 'rot_SalesCreditNote']);

/** A line of DocumentReferences as SL takes it: an external document needs its number (at most 100 characters). */
function documentReference(body: Body, index: number): B1Document['DocumentReferences'][number] {
  checkProperties(body, BLANK_REFERENCE, 'DocumentReference');
  const type = typeof body.RefObjType === 'string' ? body.RefObjType : 'rot_ExternalDocument';
  if (!REFERENCE_OBJECT_TYPES.has(type)) throw businessError(`[DocumentReferences.RefObjType][line: ${index + 1}] , 'Invalid referenced object type'`);
  const ext = typeof body.ExtDocNum === 'string' ? body.ExtDocNum : null;
  if (type === 'rot_ExternalDocument' && !ext?.trim()) throw businessError(`[DocumentReferences.ExtDocNum][line: ${index + 1}] , 'Specify the external document number'`);
  if (ext && ext.length > 100) throw businessError(`[DocumentReferences.ExtDocNum][line: ${index + 1}] , 'Value too long'`);
  const issue = body.IssueDate === undefined || body.IssueDate === null ? null : normalizeDate(body.IssueDate);
  if (body.IssueDate !== undefined && body.IssueDate !== null && !issue) throw businessError(`Invalid date in 'IssueDate': ${String(body.IssueDate)}`);
  return {
    LineNumber: index,
    RefDocEntr: typeof body.RefDocEntr === 'number' ? body.RefDocEntr : null,
    RefDocNum: typeof body.RefDocNum === 'number' ? body.RefDocNum : null,
    ExtDocNum: ext,
    RefObjType: type,
    IssueDate: issue,
    Remark: typeof body.Remark === 'string' ? body.Remark.slice(0, 254) : null,
  };
}

function num(body: Body, field: string, opts: { min?: number; required?: boolean } = {}): number | undefined {
  const v = body[field];
  if (v === undefined || v === null) {
    if (opts.required) throw businessError(`Field '${field}' is required`);
    return undefined;
  }
  if (typeof v !== 'number' || !Number.isFinite(v)) throw badRequest(`Value of property '${field}' must be a number`);
  if (opts.min !== undefined && v < opts.min) throw businessError(`Field '${field}' must be at least ${opts.min}`);
  return v;
}

function text(body: Body, field: string): string | null | undefined {
  const v = body[field];
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v !== 'string') throw badRequest(`Value of property '${field}' must be a string`);
  return v;
}

function arrayOf(body: Body, field: string): Body[] {
  const v = body[field];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every(isObject)) throw badRequest(`Property '${field}' must be a collection of objects`);
  return v;
}

const nextOf = (rows: Array<{ DocEntry: number; DocNum: number }>, base: number): { entry: number; num: number } => ({
  entry: rows.reduce((m, r) => Math.max(m, r.DocEntry), 0) + 1,
  num: rows.reduce((m, r) => Math.max(m, r.DocNum), base) + 1,
});

/** The body that adds Draft `d` as the document it stands for (what SaveDraftToDocument copies). */
function draftBody(d: B1Document): Body {
  return {
    CardCode: d.CardCode, DocDate: d.DocDate, DocDueDate: d.DocDueDate, TaxDate: d.TaxDate, RequriedDate: d.RequriedDate, NumAtCard: d.NumAtCard,
    ContactPersonCode: d.ContactPersonCode, SalesPersonCode: d.SalesPersonCode,
    DocumentReferences: d.DocumentReferences.map(({ LineNumber: _n, ...r }) => r),
    Comments: d.Comments, ShipToCode: d.ShipToCode, PayToCode: d.PayToCode, Address: d.Address, Address2: d.Address2,
    DiscountPercent: d.DiscountPercent, U_TipoVenta: d.U_TipoVenta, U_FormaPago: d.U_FormaPago, U_Transporte: d.U_Transporte,
    U_TipoRetiro: d.U_TipoRetiro, U_Sucursal: d.U_Sucursal, U_DireccionDespacho: d.U_DireccionDespacho, U_ComunaDespacho: d.U_ComunaDespacho,
    DocumentLines: d.DocumentLines.map((l) => ({
      ItemCode: l.ItemCode, Quantity: l.Quantity, UnitPrice: l.UnitPrice, DiscountPercent: l.DiscountPercent,
      WarehouseCode: l.WarehouseCode, U_PrecioLista: l.U_PrecioLista, U_DescLinea: l.U_DescLinea, ShipDate: l.ShipDate,
    })),
  };
}

/** One document B1 committed: what test harnesses count ("creates the ERP accepted per reference"). */
export interface JournalEntry {
  set: 'Orders' | 'Drafts' | 'IncomingPayments';
  cardCode: string;
  /** NumAtCard (documents) or CounterReference (payments). */
  reference: string | null;
  docEntry: number;
  /** Date.now() at the commit. */
  at: number;
  /** 'post': a POST created it; 'approval': an approved Draft was added as this document. */
  origin: 'post' | 'approval';
}

export interface B1StoreOptions {
  /**
   * Stand-in convenience, not SL (default false): a POST Orders repeating an Order's CardCode + NumAtCard, or a POST
   * IncomingPayments repeating a payment's CardCode + CounterReference, answers the existing document and creates
   * nothing. Real B1 creates a second document.
   */
  dedupeReferences?: boolean;
  /** CardCodes whose sales orders the approval procedure holds as Drafts (default none). */
  approvalCardCodes?: readonly string[];
}

/** What a creation did. `approval` is set when an approval procedure held the document as a Draft instead. */
export interface Created {
  entity: object;
  created: boolean;
  approval?: { draft: B1Document; request: B1ApprovalRequest };
}

/** The result of approving a Draft: the request and the Order it was added as (null if adding it failed). */
export interface ApprovalOutcome { request: B1ApprovalRequest; order: B1Document | null; error?: B1Error }

export class B1Store {
  /** Every document committed, in order (see JournalEntry). Cleared in place by resetJournal. */
  readonly journal: JournalEntry[] = [];
  private readonly dedupeReferences: boolean;
  private approvalCardCodes: Set<string>;

  /** The next contact person's InternalCode: one counter for the company database, never reused (not even after a delete). */
  private nextContactCode: number;

  constructor(readonly data: B1Data, options: B1StoreOptions = {}) {
    data.Drafts ??= [];
    data.ApprovalRequests ??= [];
    data.SalesPersons ??= [];
    data.DownPayments ??= [];
    data.DeliveryNotes ??= [];
    data.Attachments2 ??= [];
    data.PurchaseOrders ??= [];
    for (const doc of [...data.Invoices, ...data.CreditNotes, ...data.DownPayments]) if (!doc.DocumentInstallments?.length) singleInstallment(doc);
    for (const bp of data.BusinessPartners) syncBillToCity(bp);
    this.nextContactCode = data.BusinessPartners.reduce((m, bp) => Math.max(m, ...(bp.ContactEmployees ?? []).map((c) => c.InternalCode)), 0) + 1;
    this.dedupeReferences = options.dedupeReferences ?? false;
    this.approvalCardCodes = new Set(options.approvalCardCodes ?? []);
  }

  setApprovalCardCodes(codes: readonly string[]): void {
    this.approvalCardCodes = new Set(codes);
  }

  resetJournal(): void {
    this.journal.length = 0;
  }

  /** Called after each document is committed (the server's automatic invoices follow new Orders). */
  onCommit?: (entry: JournalEntry) => void;

  private record(entry: Omit<JournalEntry, 'at'>): void {
    const committed = { ...entry, at: Date.now() };
    this.journal.push(committed);
    this.onCommit?.(committed);
  }

  rows(set: string): Row[] {
    if (!ENTITY_SETS[set]) throw new B1Error(404, -1, 'Unrecognized resource path.');
    return (this.data as unknown as Record<string, Row[]>)[set];
  }

  /** Bumped by every create and delete: a kept row order is only reused while the set has the same rows. */
  private generation = 0;
  private readonly orders = new Map<string, { rows: Row[]; length: number; generation: number; sorted: Row[] }>();

  /**
   * The set's rows in `orderby` order when it orders by key fields only (`$orderby=ItemCode`), kept between requests
   * as a database keeps an index, so paging a big set does not sort it again for every page. Key values never change,
   * so the order stays right until rows are added or removed. undefined for other orderings (sorted per request).
   */
  private readonly marks = new Map<string, { order: Row[]; generation: number; until: number; marks: PageMarks }>();

  /**
   * The page marks of one query (its $filter and $orderby text) over the set's current row order, kept a minute, so
   * the pages of one read of a big set each walk from where an earlier page ended.
   */
  pageMarks(set: string, order: Row[], query: string): PageMarks {
    const name = `${set}?${query}`;
    const now = Date.now();
    const kept = this.marks.get(name);
    if (kept && kept.order === order && kept.generation === this.generation && kept.until > now) return kept.marks;
    if (this.marks.size > 100) this.marks.clear();
    const fresh = { order, generation: this.generation, until: now + 60_000, marks: [] as PageMarks };
    this.marks.set(name, fresh);
    return fresh.marks;
  }

  private readonly keyIndexes = new Map<string, { rows: Row[]; length: number; generation: number; index: Map<string, { row: Row; at: number }> }>();

  /**
   * The rows a filter names by key (`ItemCode eq 'A' or ItemCode eq 'B' …`), found through a key index kept as a
   * database keeps its primary key's, in the set's order; undefined when the filter does not name keys (the set is
   * walked). The caller still applies the whole filter to them.
   */
  rowsByKeyFilter(set: string, filter: FilterNode | undefined): Row[] | undefined {
    const def = ENTITY_SETS[set];
    if (!def || def.keys.length !== 1 || def.numericKey) return undefined;
    const wanted = keyValuesOf(filter, def.keys[0]!);
    if (!wanted) return undefined;
    const rows = this.rows(set);
    let kept = this.keyIndexes.get(set);
    if (!kept || kept.rows !== rows || kept.length !== rows.length || kept.generation !== this.generation) {
      const index = new Map<string, { row: Row; at: number }>();
      rows.forEach((row, at) => index.set(String(row[def.keys[0]!]).toLowerCase(), { row, at }));
      kept = { rows, length: rows.length, generation: this.generation, index };
      this.keyIndexes.set(set, kept);
    }
    const found: Array<{ row: Row; at: number }> = [];
    for (const key of wanted) {
      const hit = kept.index.get(key);
      if (hit) found.push(hit);
    }
    return found.sort((a, b) => a.at - b.at).map((hit) => hit.row);
  }

  sortedRows(set: string, orderby: readonly OrderBy[] | undefined): Row[] | undefined {
    const def = ENTITY_SETS[set];
    if (!def || !orderby?.length || !orderby.every((o) => o.path.length === 1 && def.keys.includes(o.path[0]))) return undefined;
    const rows = this.rows(set);
    const name = `${set}:${orderby.map((o) => `${o.path[0]} ${o.desc ? 'desc' : 'asc'}`).join(',')}`;
    const kept = this.orders.get(name);
    if (kept && kept.rows === rows && kept.length === rows.length && kept.generation === this.generation) return kept.sorted;
    const sorted = sortRows(rows, orderby);
    this.orders.set(name, { rows, length: rows.length, generation: this.generation, sorted });
    return sorted;
  }

  /** Names of the properties of a set's entity type. */
  knownProperties(set: string): Set<string> {
    const def = ENTITY_SETS[set];
    const sample = TEMPLATES[def.template ?? def.typeName] ?? this.rows(set)[0] ?? {};
    return new Set(Object.keys(sample));
  }

  find(set: string, key: KeyValue | Record<string, KeyValue>): Row {
    const def = ENTITY_SETS[set];
    const wanted: Record<string, KeyValue> = isObject(key) ? key as Record<string, KeyValue> : { [def.keys[0]]: key as KeyValue };
    for (const [k, v] of Object.entries(wanted)) {
      if (!def.keys.includes(k)) throw badRequest(`Property '${k}' is not a key of '${def.typeName}'`);
      const numeric = def.numericKey && k === def.keys[0];
      if (numeric !== (typeof v === 'number')) throw badRequest(`Invalid key value for '${k}' of '${def.typeName}'`);
    }
    const row = set === 'Items' ? this.itemIndex(String(wanted.ItemCode)) : undefined;
    const found = row ?? this.rows(set).find((r) => Object.entries(wanted).every(([k, v]) => r[k] === v));
    if (!found) throw notFound();
    return found;
  }

  private itemCache?: { size: number; map: Map<string, B1Item> };

  private itemIndex(code: string): Row | undefined {
    const items = this.data.Items;
    if (!this.itemCache || this.itemCache.size !== items.length) {
      this.itemCache = { size: items.length, map: new Map(items.map((i) => [i.ItemCode, i])) };
    }
    const hit = this.itemCache.map.get(code);
    return (hit && hit.ItemCode === code ? hit : items.find((i) => i.ItemCode === code)) as Row | undefined;
  }

  private partner(cardCode: unknown): B1BusinessPartner {
    if (typeof cardCode !== 'string' || cardCode === '') throw businessError('Enter a business partner code (CardCode)');
    const bp = this.data.BusinessPartners.find((p) => p.CardCode === cardCode);
    if (!bp) throw businessError(`Invalid BP code '${cardCode}'`);
    return bp;
  }

  private item(code: unknown, line: number): B1Item {
    const item = typeof code === 'string' ? this.itemIndex(code) as B1Item | undefined : undefined;
    if (!item) throw businessError(`[DocumentLines.ItemCode][line: ${line}] , 'Invalid item code '${String(code)}''`);
    if (item.SalesItem !== 'tYES' || item.Valid !== 'tYES' || item.Frozen === 'tYES') {
      throw businessError(`[DocumentLines.ItemCode][line: ${line}] , 'Item '${item.ItemCode}' is inactive or not a sales item'`);
    }
    return item;
  }

  // ---------- creation ----------

  create(set: string, body: unknown): Created {
    if (!isObject(body)) throw badRequest('The request body must be a JSON object');
    this.generation++;
    switch (set) {
      case 'Orders': case 'DeliveryNotes': case 'Invoices': case 'CreditNotes': case 'DownPayments': return this.createDocument(set, body);
      case 'IncomingPayments': return this.createPayment(body);
      case 'BusinessPartners': return { entity: this.createPartner(body), created: true };
      case 'U_TRANSPORTE': return { entity: this.createTransport(body), created: true };
      default: throw notSupported();
    }
  }

  /**
   * Orders, DeliveryNotes, Invoices, CreditNotes, DownPayments. As in B1, a repeated CardCode + NumAtCard makes a
   * second Order; with the dedupeReferences option (a stand-in convenience, not SL) it answers the existing Order and
   * creates nothing. A line of a delivery or an invoice copied from an order (BaseType 17) or of an invoice copied from
   * a delivery (15) closes the base line, and the base document with its last line (Copy To).
   * A sales order of a customer under the approval procedure becomes a Draft (holdForApproval). `origin`
   * 'approval' adds an approved Draft as an Order (no approval, no de-duplication).
   */
  private createDocument(set: DocumentSet, body: Body, origin: 'post' | 'approval' = 'post'): Created {
    checkProperties(body, POST_DOC, 'Document');
    for (const f of READ_ONLY.Document) if (f in body) throw badRequest(`Property '${f}' of 'Document' is read-only`);
    const docs = this.rows(set) as unknown as B1Document[];
    const numAtCard = text(body, 'NumAtCard');
    if (this.dedupeReferences && origin === 'post' && set === 'Orders' && numAtCard) {
      const existing = docs.find((d) => d.CardCode === body.CardCode && d.NumAtCard === numAtCard);
      if (existing) return { entity: existing, created: false };
    }
    const bp = this.partner(body.CardCode);
    if (bp.Frozen === 'tYES' || bp.Valid === 'tNO') throw businessError(`Business partner '${bp.CardCode}' is inactive`);
    // The approval procedure (sales orders of the listed customers) holds the document as a Draft.
    const held = set === 'Orders' && origin === 'post' && this.approvalCardCodes.has(bp.CardCode);
    const approvalRemarks = held ? this.approvalRemarks(body) : null;
    const docDate = body.DocDate === undefined ? today() : normalizeDate(body.DocDate);
    if (!docDate) throw businessError(`Invalid date in 'DocDate': ${String(body.DocDate)}`);
    let dueDate: string | null = docDate;
    if (body.DocDueDate !== undefined) dueDate = normalizeDate(body.DocDueDate);
    else if (set === 'Orders') throw businessError('Specify the delivery date (DocDueDate)');
    if (!dueDate) throw businessError(`Invalid date in 'DocDueDate': ${String(body.DocDueDate)}`);

    const inputLines = arrayOf(body, 'DocumentLines');
    if (inputLines.length === 0) throw businessError('Cannot add a document without lines (DocumentLines)');
    const { firstNum, objectCode, bases } = DOCUMENT_SETS[set];
    // A Draft has its own numbering (ODRF), unrelated to the Orders' DocEntry.
    const { entry, num: docNum } = held ? nextOf(this.data.Drafts, 0) : nextOf(docs, firstNum);
    const doc = emptyDocument(entry, docNum, bp, docDate, objectCode);
    doc.DocDueDate = dueDate;
    doc.ContactPersonCode = this.contactPersonCode(bp, body);
    // B1 takes the header's sales employee from the partner unless the document names one; a new sales order (or its
    // Draft) must name an active one, while a document copied from another keeps the employee it had
    doc.SalesPersonCode = this.salesPersonCode(body, set === 'Orders' && origin === 'post') ?? bp.SalesPersonCode ?? -1;
    doc.TaxDate = normalizeDate(body.TaxDate) ?? docDate;
    if (body.RequriedDate !== undefined && body.RequriedDate !== null) {
      doc.RequriedDate = normalizeDate(body.RequriedDate);
      if (!doc.RequriedDate) throw businessError(`Invalid date in 'RequriedDate': ${String(body.RequriedDate)}`);
    }
    doc.DocumentReferences = arrayOf(body, 'DocumentReferences').map((r, i) => documentReference(r, i));
    for (const f of ['NumAtCard', 'Comments', 'U_TipoVenta', 'U_FormaPago', 'U_Transporte', 'U_TipoRetiro', 'U_Sucursal',
      'U_DireccionDespacho', 'U_ComunaDespacho'] as const) {
      const v = text(body, f);
      if (v !== undefined) doc[f] = v;
    }
    const shipTo = text(body, 'ShipToCode');
    if (shipTo !== undefined) { doc.ShipToCode = shipTo; doc.Address2 = addressText(bp, shipTo, 'bo_ShipTo'); }
    const payTo = text(body, 'PayToCode');
    if (payTo !== undefined) { doc.PayToCode = payTo; doc.Address = addressText(bp, payTo, 'bo_BillTo'); }
    if (text(body, 'Address') !== undefined) doc.Address = text(body, 'Address')!;
    if (text(body, 'Address2') !== undefined) doc.Address2 = text(body, 'Address2')!;
    const subType = text(body, 'DocumentSubType') ?? 'bod_None';
    if (!(subType in DTE_OF_SUBTYPE) || (subType !== 'bod_None' && set !== 'Invoices')) throw badRequest(`Invalid value '${subType}' of property 'DocumentSubType'`);
    doc.DocumentSubType = subType as DocumentSubType;
    for (const f of ['U_FechaRecepcion', 'U_Cedida', 'U_CesionarioRut', 'U_CesionarioNombre', 'U_EstadoReclamo'] as const) {
      const v = text(body, f);
      if (v !== undefined) doc[f] = v;
    }
    doc.DiscountPercent = num(body, 'DiscountPercent', { min: 0 }) ?? 0;
    if (doc.DiscountPercent > 100) throw businessError('DiscountPercent cannot exceed 100');

    const baseLinks: Array<{ line: DocumentLine; baseDoc: B1Document; baseLine: DocumentLine }> = [];
    inputLines.forEach((l, i) => {
      checkProperties(l, BLANK_LINE, 'DocumentLine');
      const n = i + 1;
      const item = this.item(l.ItemCode, n);
      const qty = num(l, 'Quantity');
      if (qty === undefined || qty <= 0) throw businessError(`[DocumentLines.Quantity][line: ${n}] , 'Quantity must be greater than zero'`);
      const unitPrice = num(l, 'UnitPrice', { min: 0 }) ?? num(l, 'Price', { min: 0 }) ?? listPrice(item, bp.PriceListNum);
      const disc = num(l, 'DiscountPercent', { min: 0 }) ?? 0;
      if (disc > 100) throw businessError(`[DocumentLines.DiscountPercent][line: ${n}] , 'Discount cannot exceed 100'`);
      const wh = text(l, 'WarehouseCode') ?? DEFAULT_WAREHOUSE;
      const udfs = { U_PrecioLista: num(l, 'U_PrecioLista') ?? null, U_DescLinea: num(l, 'U_DescLinea') ?? null };
      if (!item.ItemWarehouseInfoCollection.some((w) => w.WarehouseCode === wh)) {
        throw businessError(`[DocumentLines.WarehouseCode][line: ${n}] , 'Invalid warehouse code '${wh}''`);
      }
      const shipDate = l.ShipDate === undefined || l.ShipDate === null ? null : normalizeDate(l.ShipDate);
      if (l.ShipDate !== undefined && l.ShipDate !== null && !shipDate) {
        throw businessError(`[DocumentLines.ShipDate][line: ${n}] , 'Invalid date in 'ShipDate': ${String(l.ShipDate)}'`);
      }
      const baseType = num(l, 'BaseType') ?? -1;
      let baseRef: { type: number; entry: number | null; line: number | null } | undefined;
      if (baseType !== -1) {
        const baseSet = bases[baseType];
        if (!baseSet) throw businessError(`[DocumentLines.BaseType][line: ${n}] , 'Invalid base document type ${baseType}'`);
        const baseDoc = this.data[baseSet].find((d) => d.DocEntry === l.BaseEntry);
        const baseLine = baseDoc?.DocumentLines.find((x) => x.LineNum === l.BaseLine);
        if (!baseDoc || !baseLine) throw businessError(`[DocumentLines.BaseEntry][line: ${n}] , 'Base document line not found'`);
        if (baseDoc.CardCode !== bp.CardCode) throw businessError(`[DocumentLines.BaseEntry][line: ${n}] , 'Base document belongs to another business partner'`);
        // an order's or a delivery's line copied to a target closes; a closed one cannot be copied again
        if (baseLine.LineStatus !== 'bost_Open' && baseType !== BASE_INVOICE) throw businessError(`[DocumentLines.BaseEntry][line: ${n}] , 'Base document line is closed'`);
        baseRef = { type: baseType, entry: baseDoc.DocEntry, line: baseLine.LineNum };
        const line = makeLine(i, item, qty, unitPrice, disc, baseRef, wh);
        // a line copied from another keeps its delivery date unless the body gives one
        Object.assign(line, udfs, { ShipDate: shipDate ?? baseLine.ShipDate ?? doc.DocDueDate });
        baseLinks.push({ line, baseDoc, baseLine });
        doc.DocumentLines.push(line);
        return;
      }
      // without a ShipDate of its own, B1 gives the line the document's DocDueDate
      doc.DocumentLines.push({ ...makeLine(i, item, qty, unitPrice, disc, undefined, wh), ...udfs, ShipDate: shipDate ?? doc.DocDueDate });
    });
    Object.assign(doc, totals(doc.DocumentLines, doc.DiscountPercent));
    if (doc.DocumentSubType === 'bod_InvoiceExempt') {
      // an exempt invoice (DTE 34): its lines carry the exempt tax code and there is no VAT
      doc.DocumentLines.forEach((l) => { l.TaxCode = 'IVA_EXE'; });
      doc.DocTotal -= doc.VatSum;
      doc.VatSum = 0;
    }
    if (held) return this.holdForApproval(doc, approvalRemarks);

    // Effects.
    const whRow = (line: DocumentLine) => this.item(line.ItemCode, line.LineNum + 1).ItemWarehouseInfoCollection
      .find((w) => w.WarehouseCode === line.WarehouseCode)!;
    if (set === 'Orders') {
      // Every open sales order (Normal or Reserva) reserves its quantities.
      for (const line of doc.DocumentLines) whRow(line).Committed += line.Quantity;
      bp.OpenOrdersBalance += doc.DocTotal;
    } else if (set === 'DownPayments') {
      // an A/R down payment invoice: a factura (33) of its own, posted to the partner's account; no stock moves
      this.foliate(doc, '33');
      bp.CurrentAccountBalance += doc.DocTotal;
    } else if (set === 'Invoices' || set === 'DeliveryNotes') {
      // a delivery is a guía de despacho (52): the goods leave the warehouse, nothing is posted to the partner's account;
      // an invoice is posted to it, and takes the goods out itself unless a delivery already did
      this.foliate(doc, set === 'DeliveryNotes' ? '52' : DTE_OF_SUBTYPE[doc.DocumentSubType]);
      for (const line of doc.DocumentLines) {
        const link = baseLinks.find((b) => b.line === line);
        if (line.BaseType !== BASE_DELIVERY) whRow(line).InStock -= line.Quantity;
        if (!link) continue;
        if (line.BaseType === BASE_ORDER) whRow(line).Committed = Math.max(0, whRow(line).Committed - Math.min(line.Quantity, link.baseLine.Quantity));
        // copied to a target, the base line closes, and its document with its last line
        link.baseLine.LineStatus = 'bost_Close';
        if (link.baseDoc.DocumentStatus === 'bost_Open' && link.baseDoc.DocumentLines.every((x) => x.LineStatus === 'bost_Close')) {
          link.baseDoc.DocumentStatus = 'bost_Close';
          if (line.BaseType === BASE_ORDER) bp.OpenOrdersBalance = Math.max(0, bp.OpenOrdersBalance - link.baseDoc.DocTotal);
        }
      }
      if (set === 'Invoices') bp.CurrentAccountBalance += doc.DocTotal;
    } else {
      this.foliate(doc, '61');
      for (const line of doc.DocumentLines) whRow(line).InStock += line.Quantity;
      // A credit note based on an invoice is applied to that invoice's balance.
      const invoice = baseLinks[0]?.baseDoc;
      let applied = 0;
      singleInstallment(doc);
      if (invoice) {
        applied = Math.min(doc.DocTotal, invoice.DocTotal - invoice.PaidToDate);
        applyToDocument(invoice, applied);
      }
      applyToDocument(doc, applied);
      bp.CurrentAccountBalance -= doc.DocTotal;
    }
    if (set !== 'Orders' && set !== 'DeliveryNotes' && doc.DocumentInstallments.length === 0) singleInstallment(doc);
    for (const item of new Set(doc.DocumentLines.map((l) => this.item(l.ItemCode, 0)))) {
      item.QuantityOnStock = item.ItemWarehouseInfoCollection.reduce((s, w) => s + w.InStock, 0);
    }
    docs.push(doc);
    if (set === 'Orders') this.record({ set: 'Orders', cardCode: doc.CardCode, reference: doc.NumAtCard, docEntry: doc.DocEntry, origin });
    return { entity: doc, created: true };
  }

  /**
   * `Attachments2(entry)/$value?filename='name.ext'`: the file of attachment `entry` named so (its first file when no
   * name is given). The stand-in generates the legal PDF and the DTE XML of the document the attachment belongs to.
   */
  attachmentFile(entry: number, fileName: string | undefined): { contentType: string; body: Buffer | string } {
    const attachment = this.data.Attachments2.find((a) => a.AbsoluteEntry === entry);
    if (!attachment) throw notFound();
    const line = fileName === undefined ? attachment.Attachments2_Lines[0]
      : attachment.Attachments2_Lines.find((l) => `${l.FileName}.${l.FileExtension}`.toLowerCase() === fileName.toLowerCase());
    if (!line) throw notFound();
    const doc = FOLIATED_SETS.flatMap((set) => this.data[set]).find((d) => d.AttachmentEntry === entry);
    if (!doc) throw notFound();
    const bp = this.partner(doc.CardCode);
    const ext = line.FileExtension.toLowerCase();
    if (ext === 'pdf') return { contentType: 'application/pdf', body: dtePdf(doc, bp) };
    if (ext === 'xml') return { contentType: 'application/xml', body: dteXml(doc, bp) };
    return { contentType: 'application/octet-stream', body: Buffer.alloc(0) };
  }

  /** The next folio of DTE type `type` (folios are numbered per type, across the sets that issue it). */
  private foliate(doc: B1Document, type: string): void {
    const issued = FOLIATED_SETS.flatMap((set) => this.data[set]).filter((d) => d.FolioPrefixString === type);
    doc.FolioPrefixString = type;
    doc.FolioNumber = issued.reduce((m, d) => Math.max(m, d.FolioNumber ?? 0), FIRST_FOLIO[type] ?? 0) + 1;
  }

  // ---------- approval procedure ----------

  /** Document_ApprovalRequests[0].Remarks of a POST: the originator's note for the approver. */
  private approvalRemarks(body: Body): string | null {
    const rows = arrayOf(body, 'Document_ApprovalRequests');
    rows.forEach((r) => checkProperties(r, BLANK_DOC_APPROVAL, 'Document_ApprovalRequest'));
    return rows.length ? text(rows[0], 'Remarks') ?? null : null;
  }

  /**
   * Keeps a validated sales order as a Draft (DocObjectCode oOrders, AuthorizationStatus dasPending) with a pending
   * ApprovalRequests row. No Order, no committed stock, no open-orders balance: all of that waits for the approval.
   */
  private holdForApproval(draft: B1Document, remarks: string | null): Created {
    draft.AuthorizationStatus = 'dasPending';
    const date = today();
    const time = timeOfDay();
    const request: B1ApprovalRequest = {
      Code: this.data.ApprovalRequests.reduce((m, r) => Math.max(m, r.Code), 0) + 1,
      ApprovalTemplatesID: APPROVAL.templateId,
      ObjectType: APPROVAL.objectType,
      IsDraft: 'Y',
      ObjectEntry: null,
      Status: 'arsPending',
      Remarks: remarks,
      CurrentStage: APPROVAL.stage,
      OriginatorID: APPROVAL.originator,
      CreationDate: date,
      CreationTime: time,
      DraftEntry: draft.DocEntry,
      DraftType: APPROVAL.draftType,
      ApprovalRequestLines: [{
        StageCode: APPROVAL.stage, UserID: APPROVAL.approver, Status: 'ardPending', Remarks: null, UpdateDate: null, UpdateTime: null,
        CreationDate: date, CreationTime: time,
      }],
      ApprovalRequestDecisions: [],
    };
    this.data.Drafts.push(draft);
    this.data.ApprovalRequests.push(request);
    this.record({ set: 'Drafts', cardCode: draft.CardCode, reference: draft.NumAtCard, docEntry: draft.DocEntry, origin: 'post' });
    return { entity: draft, created: true, approval: { draft, request } };
  }

  /** The (latest) approval request of a Draft. */
  requestOfDraft(draftEntry: number): B1ApprovalRequest {
    const request = [...this.data.ApprovalRequests].reverse().find((r) => r.IsDraft === 'Y' && r.DraftEntry === draftEntry);
    if (!request) throw notFound();
    return request;
  }

  /**
   * An approver's decision on request `code` (PATCH ApprovalRequests(code) with ApprovalRequestDecisions). Approved:
   * the Draft is added as an Order at once, as its originator would (Order with the Draft's NumAtCard, stock committed,
   * Draft closed, request arsGenerated with ObjectEntry = the Order). Not approved: the request is arsNotApproved and
   * the Draft stays open (an approver may still approve it later). A request whose Draft was already added, or that
   * was cancelled, refuses decisions (-10).
   */
  decide(code: number, decision: ApprovalRequestDecision): ApprovalOutcome {
    const request = this.data.ApprovalRequests.find((r) => r.Code === code);
    if (!request) throw notFound();
    if (request.Status === 'arsGenerated' || request.Status === 'arsGeneratedByAuthorizer' || request.Status === 'arsCancelled') {
      throw businessError(`Approval request ${code} is closed (${request.Status}); its decision cannot be changed`);
    }
    const draft = this.data.Drafts.find((d) => d.DocEntry === request.DraftEntry);
    if (!draft) throw notFound();
    request.ApprovalRequestDecisions.push({ ...decision });
    if (decision.Status === 'ardPending') return { request, order: null };
    const line = request.ApprovalRequestLines.find((l) => l.StageCode === request.CurrentStage) ?? request.ApprovalRequestLines[0];
    if (line) Object.assign(line, { Status: decision.Status, Remarks: decision.Remarks, UpdateDate: today(), UpdateTime: timeOfDay() });
    if (decision.Status === 'ardNotApproved') {
      request.Status = 'arsNotApproved';
      draft.AuthorizationStatus = 'dasRejected';
      return { request, order: null };
    }
    request.Status = 'arsApproved';
    draft.AuthorizationStatus = 'dasApproved';
    try {
      const order = this.createDocument('Orders', draftBody(draft), 'approval').entity as B1Document;
      draft.DocumentStatus = 'bost_Close';
      draft.DocumentLines.forEach((l) => { l.LineStatus = 'bost_Close'; });
      draft.AuthorizationStatus = 'dasGenerated';
      request.Status = 'arsGenerated';
      request.ObjectEntry = order.DocEntry;
      return { request, order };
    } catch (err) {
      // Approved but not added (the Draft no longer passes B1's rules): it stays an approved Draft.
      if (err instanceof B1Error) return { request, order: null, error: err };
      throw err;
    }
  }

  /** approveDraft / rejectDraft of the mock: the decision on a Draft's request, by the Draft's DocEntry. */
  decideDraft(draftEntry: number, status: 'ardApproved' | 'ardNotApproved', remarks: string | null = null): ApprovalOutcome {
    return this.decide(this.requestOfDraft(draftEntry).Code, {
      ApproverUserName: null, ApproverPassword: null, Status: status, Remarks: remarks,
    });
  }

  private patchApprovalRequest(row: Row, body: Body): void {
    checkProperties(body, BLANK_REQUEST, 'ApprovalRequest');
    for (const f of Object.keys(body)) {
      if (f !== 'ApprovalRequestDecisions' && !f.startsWith('odata.') && body[f] !== row[f]) {
        throw businessError(`Field '${f}' cannot be updated`);
      }
    }
    const decisions = arrayOf(body, 'ApprovalRequestDecisions').map((d): ApprovalRequestDecision => {
      checkProperties(d, TEMPLATES.ApprovalRequestDecisions, 'ApprovalRequestDecision');
      const status = text(d, 'Status') ?? 'ardPending';
      if (!DECISIONS.includes(status as ApprovalDecisionStatus)) throw badRequest(`Invalid value '${status}' of property 'Status'`);
      return {
        ApproverUserName: text(d, 'ApproverUserName') ?? null, ApproverPassword: text(d, 'ApproverPassword') ?? null,
        Status: status as ApprovalDecisionStatus, Remarks: text(d, 'Remarks') ?? null,
      };
    });
    for (const decision of decisions) this.decide(row.Code as number, decision);
  }

  /**
   * IncomingPayments. Rules: CardCode must exist; each PaymentInvoices row must name an open invoice
   * of that CardCode and apply at most its open balance (DocTotal − PaidToDate); the payment means
   * (CashSum + TransferSum + checks + credit cards) must cover the applied total. Effects: invoices'
   * PaidToDate rises, fully paid ones close (bost_Close); the BP balance falls by the amount paid.
   * A repeated CardCode + CounterReference makes a second payment, as in B1, unless dedupeReferences.
   */
  private createPayment(body: Body): Created {
    checkProperties(body, BLANK_PAYMENT, 'Payment');
    for (const f of READ_ONLY.Payment) if (f in body) throw badRequest(`Property '${f}' of 'Payment' is read-only`);
    const counterRef = text(body, 'CounterReference');
    if (this.dedupeReferences && counterRef) {
      const existing = this.data.IncomingPayments.find((p) => p.CardCode === body.CardCode && p.CounterReference === counterRef);
      if (existing) return { entity: existing, created: false };
    }
    const docType = text(body, 'DocType') ?? 'rCustomer';
    if (docType !== 'rCustomer') throw businessError(`DocType '${docType}' is not supported; use 'rCustomer'`);
    const bp = this.partner(body.CardCode);
    const docDate = body.DocDate === undefined ? today() : normalizeDate(body.DocDate);
    if (!docDate) throw businessError(`Invalid date in 'DocDate': ${String(body.DocDate)}`);

    const cards = arrayOf(body, 'PaymentCreditCards').map((c, i): PaymentCreditCard => {
      checkProperties(c, BLANK_CARD, 'PaymentCreditCard');
      const sum = num(c, 'CreditSum', { required: true })!;
      if (sum <= 0) throw businessError(`[PaymentCreditCards.CreditSum][line: ${i + 1}] , 'Amount must be greater than zero'`);
      const card = num(c, 'CreditCard', { required: true })!;
      return {
        LineNum: i, CreditCard: card, CreditCardNumber: text(c, 'CreditCardNumber') ?? null,
        CardValidUntil: c.CardValidUntil === undefined || c.CardValidUntil === null ? null : normalizeDate(c.CardValidUntil) ?? String(c.CardValidUntil),
        VoucherNum: text(c, 'VoucherNum') ?? null, PaymentMethodCode: num(c, 'PaymentMethodCode') ?? null,
        NumOfPayments: num(c, 'NumOfPayments', { min: 1 }) ?? 1, CreditSum: sum, CreditType: text(c, 'CreditType') ?? 'cr_Regular',
      };
    });
    const checks = arrayOf(body, 'PaymentChecks').map((c, i): PaymentCheck => {
      checkProperties(c, BLANK_CHECK, 'PaymentCheck');
      const sum = num(c, 'CheckSum', { required: true })!;
      if (sum <= 0) throw businessError(`[PaymentChecks.CheckSum][line: ${i + 1}] , 'Amount must be greater than zero'`);
      return {
        LineNum: i, DueDate: normalizeDate(c.DueDate) ?? docDate, CheckNumber: num(c, 'CheckNumber') ?? null,
        BankCode: text(c, 'BankCode') ?? null, CheckSum: sum,
      };
    });
    const cash = num(body, 'CashSum', { min: 0 }) ?? 0;
    const transfer = num(body, 'TransferSum', { min: 0 }) ?? 0;
    const checkSum = checks.reduce((s, c) => s + c.CheckSum, 0);
    const means = cash + transfer + checkSum + cards.reduce((s, c) => s + c.CreditSum, 0);
    if (means <= 0) throw businessError('Total payment amount must be greater than zero');

    // what each line takes off its document's balance (a credit note's negative SumApplied as a positive amount)
    const applied = new Map<string, { doc: B1Document; installment: number; sum: number }>();
    let appliedTotal = 0;
    const invoices = arrayOf(body, 'PaymentInvoices').map((p, i): PaymentInvoice => {
      checkProperties(p, BLANK_PAY_INVOICE, 'PaymentInvoice');
      const n = i + 1;
      const type = text(p, 'InvoiceType') ?? 'it_Invoice';
      const docSet = PAYMENT_DOC_SETS[type];
      if (!docSet) throw businessError(`[PaymentInvoices.InvoiceType][line: ${n}] , 'Document type '${type}' is not supported'`);
      const entry = num(p, 'DocEntry', { required: true })!;
      const sum = num(p, 'SumApplied', { required: true })!;
      const installment = num(p, 'InstallmentId') ?? 1;
      const doc = (this.rows(docSet) as unknown as B1Document[]).find((d) => d.DocEntry === entry);
      const what = docSet === 'Invoices' ? 'Invoice' : docSet === 'CreditNotes' ? 'Credit note' : 'Down payment';
      if (!doc) throw businessError(`[PaymentInvoices.DocEntry][line: ${n}] , '${what} ${entry} does not exist'`);
      if (doc.CardCode !== bp.CardCode) throw businessError(`[PaymentInvoices.DocEntry][line: ${n}] , '${what} ${entry} belongs to another business partner'`);
      if (doc.DocumentStatus !== 'bost_Open' || doc.Cancelled === 'tYES') throw businessError(`[PaymentInvoices.DocEntry][line: ${n}] , '${what} ${entry} is already closed'`);
      // B1's sign: a credit note is applied with a negative amount (it lowers the payment), any other with a positive one
      const credit = docSet === 'CreditNotes';
      if (credit ? sum >= 0 : sum <= 0) {
        throw businessError(`[PaymentInvoices.SumApplied][line: ${n}] , '${credit ? 'A credit note is applied with a negative amount' : 'Amount must be greater than zero'}'`);
      }
      const line = doc.DocumentInstallments.find((x) => x.InstallmentId === installment);
      if (!line) throw businessError(`[PaymentInvoices.InstallmentId][line: ${n}] , 'Installment ${installment} of ${what.toLowerCase()} ${entry} does not exist'`);
      const key = `${docSet}:${entry}:${installment}`;
      const total = (applied.get(key)?.sum ?? 0) + Math.abs(sum);
      const open = Math.min(doc.DocTotal - doc.PaidToDate, line.Total - line.PaidToDate);
      if (total > open) throw businessError(`[PaymentInvoices.SumApplied][line: ${n}] , 'Amount ${total} exceeds the open balance ${open} of ${what.toLowerCase()} ${entry}'`);
      applied.set(key, { doc, installment, sum: total });
      appliedTotal += sum;
      return { LineNum: i, DocEntry: entry, SumApplied: sum, InvoiceType: type, InstallmentId: installment };
    });
    if (appliedTotal > means) throw businessError(`Payment means (${means}) are less than the amount applied to invoices (${appliedTotal})`);

    for (const { doc, installment, sum } of applied.values()) applyToDocument(doc, sum, installment);
    bp.CurrentAccountBalance -= means;
    const { entry, num: docNum } = nextOf(this.data.IncomingPayments, 3000);
    const payment: B1IncomingPayment = {
      DocEntry: entry, DocNum: docNum, DocType: 'rCustomer', DocDate: docDate, CardCode: bp.CardCode, CardName: bp.CardName,
      DocCurrency: text(body, 'DocCurrency') ?? 'CLP', CashSum: cash, CheckSum: checkSum, TransferSum: transfer,
      TransferAccount: text(body, 'TransferAccount') ?? null,
      TransferDate: body.TransferDate === undefined || body.TransferDate === null ? (transfer > 0 ? docDate : null) : normalizeDate(body.TransferDate),
      TransferReference: text(body, 'TransferReference') ?? null, CounterReference: counterRef ?? null,
      Remarks: text(body, 'Remarks') ?? null, JournalRemarks: text(body, 'JournalRemarks') ?? `Pagos recibidos - ${bp.CardCode}`,
      Cancelled: 'tNO', PaymentInvoices: invoices, PaymentCreditCards: cards, PaymentChecks: checks,
    };
    if (transfer > 0 && !payment.TransferAccount) throw businessError('Specify the transfer account (TransferAccount)');
    this.data.IncomingPayments.push(payment);
    this.record({ set: 'IncomingPayments', cardCode: payment.CardCode, reference: payment.CounterReference, docEntry: payment.DocEntry, origin: 'post' });
    return { entity: payment, created: true };
  }

  private createPartner(body: Body): B1BusinessPartner {
    checkProperties(body, BLANK_BP, 'BusinessPartner');
    const code = text(body, 'CardCode');
    if (!code) throw businessError('Enter a business partner code (CardCode)');
    if (this.data.BusinessPartners.some((p) => p.CardCode === code)) throw duplicateKey();
    const bp: B1BusinessPartner = {
      ...structuredClone(BLANK_BP), ...(structuredClone(body) as Partial<B1BusinessPartner>), CardCode: code, BPAddresses: [], ContactEmployees: [],
    };
    bp.CurrentAccountBalance = 0;
    bp.OpenOrdersBalance = 0;
    bp.SalesPersonCode = this.salesPersonCode(body, true) ?? -1;
    const contacts = this.mergedContacts(bp, arrayOf(body, 'ContactEmployees'), false);
    this.mergeAddresses(bp, arrayOf(body, 'BPAddresses'));
    bp.ContactEmployees = contacts;
    bp.BilltoDefault ??= bp.BPAddresses.find((a) => a.AddressType === 'bo_BillTo')?.AddressName ?? null;
    bp.ShipToDefault ??= bp.BPAddresses.find((a) => a.AddressType === 'bo_ShipTo')?.AddressName ?? null;
    syncBillToCity(bp);
    this.data.BusinessPartners.push(bp);
    return bp;
  }

  private createTransport(body: Body): Row {
    checkProperties(body, { Code: '', Name: '' }, 'U_TRANSPORTE');
    const code = text(body, 'Code');
    const name = text(body, 'Name');
    if (!code || !name) throw businessError("Fields 'Code' and 'Name' are required");
    if (this.data.U_TRANSPORTE.some((t) => t.Code === code)) throw duplicateKey();
    const row = { Code: code, Name: name };
    this.data.U_TRANSPORTE.push(row);
    return row;
  }

  /** SL semantics: an address matching AddressName + AddressType is updated, any other is added. */
  private mergeAddresses(bp: B1BusinessPartner, input: Body[]): void {
    for (const a of input) {
      checkProperties(a, BLANK_ADDRESS, 'BPAddress');
      const name = text(a, 'AddressName');
      const type = (text(a, 'AddressType') ?? 'bo_BillTo') as AddressType;
      if (!name) throw businessError("[BPAddresses.AddressName] , 'Enter an address name'");
      if (type !== 'bo_BillTo' && type !== 'bo_ShipTo') throw badRequest(`Invalid AddressType '${type}'`);
      const existing = bp.BPAddresses.find((x) => x.AddressName === name && x.AddressType === type);
      const clean = Object.fromEntries(Object.entries(a).filter(([k]) => k !== 'BPCode' && k !== 'RowNum'));
      if (existing) Object.assign(existing, clean);
      else {
        const rowNum = bp.BPAddresses.reduce((m, x) => Math.max(m, x.RowNum + 1), 0);
        bp.BPAddresses.push({ ...BLANK_ADDRESS, ...clean, AddressName: name, AddressType: type, BPCode: bp.CardCode, RowNum: rowNum });
      }
    }
  }

  /**
   * The partner's contact persons after `input` (SL semantics): a line with an InternalCode updates that contact, a
   * line without one adds a contact with the next InternalCode; contacts not sent are kept, or removed when
   * `replace` (B1S-ReplaceCollectionsOnPatch). Name is required and unique per partner (case-insensitive, as SQL
   * Server's collation compares it). Everything is checked before anything changes, so a refused request writes
   * nothing and uses no InternalCode; the partner itself is not touched (the caller assigns the answer).
   */
  private mergedContacts(bp: B1BusinessPartner, input: Body[], replace: boolean): ContactEmployee[] {
    const sent = new Set(input.map((c) => c.InternalCode));
    const result = (bp.ContactEmployees ?? []).filter((c) => !replace || sent.has(c.InternalCode)).map((c) => ({ ...c }));
    const added: ContactEmployee[] = [];
    const lineOf = new Map<ContactEmployee, number>();
    input.forEach((c, i) => {
      const n = i + 1;
      checkProperties(c, BLANK_CONTACT, 'ContactEmployee');
      const values: Partial<ContactEmployee> = {};
      for (const [field, max] of Object.entries(CONTACT_LENGTHS) as Array<[keyof ContactEmployee, number]>) {
        const v = text(c, field);
        if (v === undefined) continue;
        if (v !== null && v.length > max) throw businessError(`[ContactEmployees.${field}][line: ${n}] , 'Value too long (at most ${max} characters)'`);
        (values as Record<string, unknown>)[field] = v;
      }
      const active = text(c, 'Active');
      if (active !== undefined) {
        if (active !== 'tYES' && active !== 'tNO') throw badRequest(`Invalid value '${String(active)}' of property 'Active'`);
        values.Active = active;
      }
      if (c.CardCode !== undefined && c.CardCode !== bp.CardCode) {
        throw businessError(`[ContactEmployees.CardCode][line: ${n}] , 'The contact person belongs to business partner '${bp.CardCode}''`);
      }
      const code = num(c, 'InternalCode');
      if (code !== undefined) {
        const existing = result.find((x) => x.InternalCode === code);
        if (!existing) throw businessError(`[ContactEmployees.InternalCode][line: ${n}] , 'Contact person ${code} does not exist for business partner '${bp.CardCode}''`);
        Object.assign(existing, values);
        lineOf.set(existing, n);
        return;
      }
      const line: ContactEmployee = { ...BLANK_CONTACT, ...values, InternalCode: 0, CardCode: bp.CardCode };
      added.push(line);
      lineOf.set(line, n);
    });
    const all = [...result, ...added];
    const names = new Map<string, ContactEmployee>();
    for (const c of all) {
      const n = lineOf.get(c) ?? 0;
      if (!c.Name?.trim()) throw businessError(`[ContactEmployees.Name][line: ${n}] , 'Enter a contact person name'`);
      const key = c.Name.toLowerCase();
      const other = names.get(key);
      if (other) {
        const blamed = Math.max(n, lineOf.get(other) ?? 0);
        throw businessError(`[ContactEmployees.Name][line: ${blamed}] , 'Contact person name '${c.Name}' already exists for business partner '${bp.CardCode}''`);
      }
      names.set(key, c);
    }
    for (const c of added) c.InternalCode = this.nextContactCode++;
    return all;
  }

  /**
   * The SalesPersonCode a body names (undefined when it names none): -1 (no sales employee) or an existing
   * SalesPersons code, active when `active` (a new sales order, a partner's assignment); otherwise -10, as B1 refuses.
   */
  private salesPersonCode(body: Body, active: boolean): number | undefined {
    const code = num(body, 'SalesPersonCode');
    if (code === undefined || code === -1) return code;
    const employee = this.data.SalesPersons.find((p) => p.SalesEmployeeCode === code);
    if (!employee) throw businessError(`[SalesPersonCode] , 'Invalid sales employee code ${code}'`);
    if (active && employee.Active !== 'tYES') throw businessError(`[SalesPersonCode] , 'Sales employee ${code} is inactive'`);
    return code;
  }

  /** A document's ContactPersonCode: absent or null is none; otherwise one of the partner's contacts, or -10. */
  private contactPersonCode(bp: B1BusinessPartner, body: Body): number | null {
    const code = num(body, 'ContactPersonCode');
    if (code === undefined) return null;
    if (!(bp.ContactEmployees ?? []).some((c) => c.InternalCode === code)) throw businessError('Invalid contact person');
    return code;
  }

  // ---------- update, delete, actions ----------

  /**
   * PATCH: merges the given properties and keeps the omitted ones. Collections merge by their key
   * (BPAddresses by AddressName + AddressType, ItemPrices by PriceList, ItemWarehouseInfoCollection by
   * WarehouseCode) unless replaceCollections (header B1S-ReplaceCollectionsOnPatch: true).
   */
  patch(set: string, key: KeyValue | Record<string, KeyValue>, body: unknown, replaceCollections: boolean): void {
    if (!isObject(body)) throw badRequest('The request body must be a JSON object');
    const def = ENTITY_SETS[set];
    const row = this.find(set, key);
    if (set === 'ApprovalRequests') return this.patchApprovalRequest(row, body);
    if (set === 'PurchaseOrders') return this.patchPurchaseOrder(row as unknown as B1PurchaseOrder, body);
    checkProperties(body, TEMPLATES[def.typeName] ?? row, def.typeName);
    for (const k of def.keys) if (k in body && body[k] !== row[k]) throw businessError(`The key field '${k}' cannot be changed`);
    for (const f of READ_ONLY[def.typeName] ?? []) if (f in body && body[f] !== row[f]) throw businessError(`Field '${f}' cannot be updated`);
    if (DOC_SETS.has(set) || set === 'IncomingPayments') {
      for (const f of ['DocumentLines', 'PaymentInvoices', 'PaymentCreditCards', 'PaymentChecks', 'CardCode']) {
        if (f in body && JSON.stringify(body[f]) !== JSON.stringify(row[f])) throw businessError(`Field '${f}' cannot be updated on this document`);
      }
    }
    // a partner's (re)assignment must name an active employee; a document's change an existing one
    if ((set === 'BusinessPartners' || DOC_SETS.has(set)) && 'SalesPersonCode' in body) {
      if (body.SalesPersonCode === null) throw badRequest(`Value of property 'SalesPersonCode' must be a number`);
      this.salesPersonCode(body, set === 'BusinessPartners');
    }
    if (DOC_SETS.has(set) && 'ContactPersonCode' in body) {
      const doc = row as unknown as B1Document;
      this.contactPersonCode(this.partner(doc.CardCode), body);
    }
    const updates = structuredClone(body);
    // the contact persons are worked out (and refused) before anything is written
    const bp = set === 'BusinessPartners' ? row as unknown as B1BusinessPartner : undefined;
    const contacts = bp && 'ContactEmployees' in updates ? this.mergedContacts(bp, arrayOf(updates, 'ContactEmployees'), replaceCollections) : undefined;
    delete updates.ContactEmployees;
    if (bp && 'BPAddresses' in updates) {
      if (replaceCollections) bp.BPAddresses = [];
      this.mergeAddresses(bp, arrayOf(updates, 'BPAddresses'));
      delete updates.BPAddresses;
    }
    if (bp && contacts) bp.ContactEmployees = contacts;
    const keyed: Record<string, string[]> = { ItemPrices: ['PriceList'], ItemWarehouseInfoCollection: ['WarehouseCode'] };
    for (const [field, keys] of Object.entries(keyed)) {
      if (!(field in updates) || replaceCollections || !Array.isArray(row[field])) continue;
      const target = row[field] as Row[];
      for (const u of arrayOf(updates, field)) {
        const hit = target.find((t) => keys.every((k) => t[k] === u[k]));
        if (hit) Object.assign(hit, u); else target.push(u);
      }
      delete updates[field];
    }
    for (const f of ['DocDate', 'DocDueDate', 'TaxDate']) {
      if (f in updates && updates[f] !== null) {
        const d = normalizeDate(updates[f]);
        if (!d) throw businessError(`Invalid date in '${f}': ${String(updates[f])}`);
        updates[f] = d;
      }
    }
    Object.assign(row, updates);
    if (bp) syncBillToCity(bp);
    if (set === 'Items') {
      const item = row as unknown as B1Item;
      item.QuantityOnStock = item.ItemWarehouseInfoCollection.reduce((s, w) => s + w.InStock, 0);
      // an update of the item itself moves its change stamp (documents moving its stock do not)
      item.UpdateDate = today();
      item.UpdateTime = timeOfDay();
    }
  }

  remove(set: string, key: KeyValue | Record<string, KeyValue>): void {
    const row = this.find(set, key);
    if (set !== 'U_TRANSPORTE') throw notSupported();
    this.generation++;
    const rows = this.rows(set);
    rows.splice(rows.indexOf(row), 1);
  }

  /**
   * POST Orders(n)/Cancel and Orders(n)/Close: close the order and release its committed stock. PurchaseOrders(n)/Cancel
   * and /Close: nothing more will arrive, the open lines close and the Items' Ordered falls.
   */
  action(set: string, key: KeyValue | Record<string, KeyValue>, name: string): void {
    const row = this.find(set, key);
    if (set === 'PurchaseOrders' && (name === 'Cancel' || name === 'Close')) return this.closePurchaseOrder(row as unknown as B1PurchaseOrder, name);
    if (set !== 'Orders' || (name !== 'Cancel' && name !== 'Close')) throw notSupported();
    const order = row as unknown as B1Document;
    if (order.DocumentStatus !== 'bost_Open') throw businessError('Document is already closed');
    for (const line of order.DocumentLines) {
      if (line.LineStatus !== 'bost_Open') continue;
      const wh = this.item(line.ItemCode, line.LineNum + 1).ItemWarehouseInfoCollection.find((w) => w.WarehouseCode === line.WarehouseCode);
      if (wh) wh.Committed = Math.max(0, wh.Committed - line.Quantity);
      line.LineStatus = 'bost_Close';
    }
    order.DocumentStatus = 'bost_Close';
    if (name === 'Cancel') order.Cancelled = 'tYES';
    const bp = this.data.BusinessPartners.find((p) => p.CardCode === order.CardCode);
    if (bp) bp.OpenOrdersBalance = Math.max(0, bp.OpenOrdersBalance - order.DocTotal);
  }

  /**
   * Invoices sales order `docEntry` as a B1 user would with "Copy To → A/R Invoice": an Invoice whose lines copy the
   * order's open lines (BaseType 17, BaseEntry = the order, BaseLine = its line) at the order's prices, dated today, with
   * DocNum from the invoices' own series and the next DTE folio (FolioNumber, prefix '33'). As in B1, the order's lines
   * close, and the order with them; its committed stock is released and the stock leaves the warehouse. An order that
   * is closed or cancelled refuses (-10).
   */
  invoiceOrder(docEntry: number): B1Document {
    const order = this.data.Orders.find((d) => d.DocEntry === docEntry);
    if (!order) throw notFound();
    if (order.Cancelled === 'tYES' || order.DocumentStatus !== 'bost_Open') throw businessError(`Document ${docEntry} is already closed`);
    const open = order.DocumentLines.filter((l) => l.LineStatus === 'bost_Open');
    if (open.length === 0) throw businessError(`Document ${docEntry} has no open lines`);
    const body: Body = {
      CardCode: order.CardCode, DocDate: today(), DocDueDate: today(), NumAtCard: order.NumAtCard, ContactPersonCode: order.ContactPersonCode,
      SalesPersonCode: order.SalesPersonCode,
      Comments: `Basado en Pedidos de cliente ${order.DocNum}.`, ShipToCode: order.ShipToCode, PayToCode: order.PayToCode,
      DiscountPercent: order.DiscountPercent, U_TipoVenta: order.U_TipoVenta, U_FormaPago: order.U_FormaPago,
      DocumentLines: open.map((l) => ({
        ItemCode: l.ItemCode, Quantity: l.Quantity, UnitPrice: l.UnitPrice, DiscountPercent: l.DiscountPercent,
        WarehouseCode: l.WarehouseCode, BaseType: BASE_ORDER, BaseEntry: order.DocEntry, BaseLine: l.LineNum,
        U_PrecioLista: l.U_PrecioLista, U_DescLinea: l.U_DescLinea, ShipDate: l.ShipDate,
      })),
    };
    return this.createDocument('Invoices', body).entity as B1Document;
  }

  // ---------- purchase orders (incoming goods) ----------

  private purchaseOrder(docEntry: number): B1PurchaseOrder {
    const po = this.data.PurchaseOrders.find((d) => d.DocEntry === docEntry);
    if (!po) throw notFound();
    return po;
  }

  /**
   * Every Item's Ordered of `codes`, from the purchase orders as B1 keeps it: per warehouse, the RemainingOpenQuantity
   * of the open lines of open, not cancelled, purchase orders. Stock figures only: the Items' stamps do not move.
   */
  private syncOrdered(codes: Iterable<string>): void {
    const wanted = new Set(codes);
    const sums = new Map<string, number>();
    for (const po of this.data.PurchaseOrders) {
      if (po.DocumentStatus !== 'bost_Open' || po.Cancelled === 'tYES') continue;
      for (const l of po.DocumentLines) {
        if (l.LineStatus !== 'bost_Open' || !wanted.has(l.ItemCode)) continue;
        const k = `${l.ItemCode}\u0000${l.WarehouseCode}`;
        sums.set(k, (sums.get(k) ?? 0) + l.RemainingOpenQuantity);
      }
    }
    for (const code of wanted) {
      const item = this.itemIndex(code) as unknown as B1Item | undefined;
      for (const w of item?.ItemWarehouseInfoCollection ?? []) w.Ordered = sums.get(`${code}\u0000${w.WarehouseCode}`) ?? 0;
    }
  }

  /** A purchase order changed: its stamps move to the ERP's clock, its totals and status follow its lines. */
  private touchPurchaseOrder(po: B1PurchaseOrder): void {
    Object.assign(po, totals(po.DocumentLines, po.DiscountPercent));
    if (po.DocumentLines.every((l) => l.LineStatus === 'bost_Close')) po.DocumentStatus = 'bost_Close';
    po.UpdateDate = today();
    po.UpdateTime = timeOfDay();
  }

  /**
   * PATCH PurchaseOrders(n), B1's semantics: header fields merge (DocDueDate, Comments, NumAtCard…; CardCode, totals and
   * status are the ERP's); each of DocumentLines names its line by LineNum and changes its ShipDate and/or Quantity
   * (a Quantity below what goods receipts already took in is refused; equal to it closes the line; the remaining
   * quantity follows). A line without LineNum would add a line: the stand-in refuses it (−10). A closed or cancelled
   * document, or a closed line, cannot change. Everything is checked before anything is written; the Items' Ordered
   * follow and the document's UpdateDate / UpdateTime move.
   */
  private patchPurchaseOrder(po: B1PurchaseOrder, body: Body): void {
    checkProperties(body, BLANK_PO, 'Document');
    for (const f of [...READ_ONLY.Document, 'UpdateDate', 'UpdateTime']) {
      if (f in body && body[f] !== (po as unknown as Row)[f]) throw businessError(`Field '${f}' cannot be updated`);
    }
    if ('CardCode' in body && body.CardCode !== po.CardCode) throw businessError(`Field 'CardCode' cannot be updated on this document`);
    if (po.DocumentStatus !== 'bost_Open' || po.Cancelled === 'tYES') throw businessError(`Document ${po.DocEntry} is already closed`);
    const header: Body = {};
    for (const [k, v] of Object.entries(body)) {
      if (k === 'DocumentLines' || k.startsWith('odata.')) continue;
      if (k === 'DocDate' || k === 'DocDueDate' || k === 'TaxDate') {
        const d = normalizeDate(v);
        if (!d) throw businessError(`Invalid date in '${k}': ${String(v)}`);
        header[k] = d;
      } else if (isObject(v) || Array.isArray(v)) {
        if (JSON.stringify(v) !== JSON.stringify((po as unknown as Row)[k])) throw businessError(`Field '${k}' cannot be updated on this document`);
      } else header[k] = v;
    }
    const changes: Array<{ line: PurchaseOrderLine; shipDate?: string; quantity?: number }> = [];
    arrayOf(body, 'DocumentLines').forEach((l, i) => {
      const n = i + 1;
      checkProperties(l, BLANK_PO_LINE, 'DocumentLine');
      const lineNum = num(l, 'LineNum');
      if (lineNum === undefined) throw businessError(`[DocumentLines.LineNum][line: ${n}] , 'Adding lines to a purchase order is not supported by the stand-in'`);
      const line = po.DocumentLines.find((x) => x.LineNum === lineNum);
      if (!line) throw businessError(`[DocumentLines.LineNum][line: ${n}] , 'Row ${lineNum} does not exist'`);
      for (const f of Object.keys(l)) {
        if (['LineNum', 'ShipDate', 'Quantity'].includes(f) || f.startsWith('odata.')) continue;
        if (JSON.stringify(l[f]) !== JSON.stringify((line as unknown as Row)[f])) throw businessError(`[DocumentLines.${f}][line: ${n}] , 'Field cannot be updated'`);
      }
      if (line.LineStatus !== 'bost_Open') throw businessError(`[DocumentLines.LineNum][line: ${n}] , 'Cannot update a closed row'`);
      const change: { line: PurchaseOrderLine; shipDate?: string; quantity?: number } = { line };
      if (l.ShipDate !== undefined) {
        const d = normalizeDate(l.ShipDate);
        if (!d) throw businessError(`[DocumentLines.ShipDate][line: ${n}] , 'Invalid date in 'ShipDate': ${String(l.ShipDate)}'`);
        change.shipDate = d;
      }
      const quantity = num(l, 'Quantity');
      if (quantity !== undefined) {
        const received = line.Quantity - line.RemainingOpenQuantity;
        if (quantity <= 0) throw businessError(`[DocumentLines.Quantity][line: ${n}] , 'Quantity must be greater than zero'`);
        if (quantity < received) {
          throw businessError(`[DocumentLines.Quantity][line: ${n}] , 'Quantity cannot be less than the quantity already received (${received})'`);
        }
        change.quantity = quantity;
      }
      changes.push(change);
    });
    Object.assign(po, header);
    for (const { line, shipDate, quantity } of changes) {
      if (shipDate) line.ShipDate = shipDate;
      if (quantity !== undefined) {
        const received = line.Quantity - line.RemainingOpenQuantity;
        line.Quantity = quantity;
        line.LineTotal = lineTotal(line.Price, quantity);
        line.RemainingOpenQuantity = quantity - received;
        line.OpenQuantity = line.RemainingOpenQuantity;
        if (line.RemainingOpenQuantity === 0) line.LineStatus = 'bost_Close';
      }
    }
    this.touchPurchaseOrder(po);
    this.syncOrdered(po.DocumentLines.map((l) => l.ItemCode));
  }

  /** PurchaseOrders(n)/Close or /Cancel: nothing more arrives; open lines close with nothing left open. */
  private closePurchaseOrder(po: B1PurchaseOrder, name: 'Cancel' | 'Close'): void {
    if (po.DocumentStatus !== 'bost_Open') throw businessError('Document is already closed');
    if (name === 'Cancel' && po.DocumentLines.some((l) => l.Quantity > l.RemainingOpenQuantity)) {
      throw businessError('Cannot cancel a document with received rows; close it instead');
    }
    for (const line of po.DocumentLines) line.LineStatus = 'bost_Close';
    po.DocumentStatus = 'bost_Close';
    if (name === 'Cancel') po.Cancelled = 'tYES';
    po.UpdateDate = today();
    po.UpdateTime = timeOfDay();
    this.syncOrdered(po.DocumentLines.map((l) => l.ItemCode));
  }

  /**
   * What the wholesaler's buyer does in B1 when a supplier is late or ships less: PATCH PurchaseOrders(n) with line
   * `lineNum` (every open line when none is named) moved to `shipDate` and/or cut to `quantity`.
   */
  movePurchaseOrder(docEntry: number, change: { lineNum?: number; shipDate?: string; quantity?: number }): B1PurchaseOrder {
    const po = this.purchaseOrder(docEntry);
    const lines = change.lineNum === undefined ? po.DocumentLines.filter((l) => l.LineStatus === 'bost_Open') : [{ LineNum: change.lineNum }];
    const values = { ...(change.shipDate !== undefined ? { ShipDate: change.shipDate } : {}), ...(change.quantity !== undefined ? { Quantity: change.quantity } : {}) };
    this.patchPurchaseOrder(po, { DocumentLines: lines.map((l) => ({ LineNum: l.LineNum, ...values })) });
    return po;
  }

  /**
   * Goods arrive (B1's goods receipt PO based on the order): line `lineNum`'s remaining quantity (every open line's when
   * none is named) moves to InStock of its warehouse, the line closes, the document with its last one, its stamps
   * move; the Items' Ordered falls. The Items' own stamps do not move: a stock movement, as in B1.
   */
  receivePurchaseOrder(docEntry: number, lineNum?: number): B1PurchaseOrder {
    const po = this.purchaseOrder(docEntry);
    if (po.DocumentStatus !== 'bost_Open' || po.Cancelled === 'tYES') throw businessError(`Document ${docEntry} is already closed`);
    let lines = po.DocumentLines.filter((l) => l.LineStatus === 'bost_Open');
    if (lineNum !== undefined) {
      const line = po.DocumentLines.find((l) => l.LineNum === lineNum);
      if (!line) throw businessError(`Row ${lineNum} of document ${docEntry} does not exist`);
      if (line.LineStatus !== 'bost_Open') throw businessError(`Row ${lineNum} of document ${docEntry} is already closed`);
      lines = [line];
    }
    for (const line of lines) {
      const item = this.itemIndex(line.ItemCode) as unknown as B1Item | undefined;
      const wh = item?.ItemWarehouseInfoCollection.find((w) => w.WarehouseCode === line.WarehouseCode);
      if (item && wh) {
        wh.InStock += line.RemainingOpenQuantity;
        item.QuantityOnStock = item.ItemWarehouseInfoCollection.reduce((s, w) => s + w.InStock, 0);
      }
      line.RemainingOpenQuantity = 0;
      line.OpenQuantity = 0;
      line.LineStatus = 'bost_Close';
    }
    this.touchPurchaseOrder(po);
    this.syncOrdered(lines.map((l) => l.ItemCode));
    return po;
  }

  /** The Order with this NumAtCard (the latest, if B1 made several). */
  orderByReference(numAtCard: string): B1Document | undefined {
    return [...this.data.Orders].reverse().find((d) => d.NumAtCard === numAtCard);
  }
}
