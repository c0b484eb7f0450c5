// The buyer's current account (cuenta corriente) as the ERP keeps it: the documents that move it (DTEs identified by
// tipo DTE + folio), what each still owes, and the payments received with the documents they settled. Amounts in
// whole pesos; dates 'YYYY-MM-DD'. The model: docs/account.md.

/** The SII's DTE types the account shows: 33 factura, 34 exenta, 52 guía, 56 nota de débito, 61 nota de crédito. */
export type DteType = 33 | 34 | 52 | 56 | 61;

export const DTE_TYPE_NAMES: Record<DteType, string> = {
  33: 'Factura electrónica',
  34: 'Factura exenta electrónica',
  52: 'Guía de despacho electrónica',
  56: 'Nota de débito electrónica',
  61: 'Nota de crédito electrónica',
};

/** Only these DTE types can be ceded (factored). */
export const CEDABLE_DTE_TYPES: readonly DteType[] = [33, 34];

/**
 * Where the document lives in the ERP: an A/R invoice (33, 34 or a debit note 56), a credit note (61) or a down
 * payment invoice. A document is named in the API by kind + docEntry (the ERP's key in its own set).
 */
export type AccountDocumentKind = 'invoice' | 'creditNote' | 'downPayment';

export interface AccountInstallment {
  id: number;
  dueDate: string;
  total: number;
  paid: number;
  balance: number;
}

/** A document this one refers to (a credit or debit note's invoice, the buyer's purchase order). */
export interface AccountReference {
  /** The ERP's object type of the referenced document ('rot_SalesInvoice', 'rot_ExternalDocument', …). */
  objectType: string;
  docEntry: number | null;
  docNum: number | null;
  /** The referenced DTE's type and folio when it is one of the company's documents in the ERP, else null. */
  dteType: DteType | null;
  folio: number | null;
  /** External document number (the buyer's purchase order), when there is one. */
  externalNumber: string | null;
  date: string | null;
}

export interface AccountCession {
  /** The cesionario's rut as the ERP keeps it ('76555444-3'). */
  rut: string;
  name: string;
}

export interface AccountDocument {
  kind: AccountDocumentKind;
  docEntry: number;
  docNum: number;
  dteType: DteType;
  /** DTE_TYPE_NAMES of dteType. */
  dteName: string;
  /** The DTE's folio; null for a document without one. */
  folio: number | null;
  issueDate: string;
  dueDate: string;
  /** When the SII recorded the buyer's reception (the e-invoicing provider's record); null when unknown. */
  receptionDate: string | null;
  total: number;
  paid: number;
  /** total − paid: what is still owed (for a credit note: what is still to be applied). */
  balance: number;
  /** +1 when it adds to what the company owes (invoices, debit notes, down payments), −1 for credit notes. */
  sign: 1 | -1;
  open: boolean;
  installments: AccountInstallment[];
  references: AccountReference[];
  /** The cesión, when the DTE was ceded: pay the cesionario, not the seller. */
  ceded: AccountCession | null;
  /** The SII claim state the provider recorded ('ACD', 'RCD', 'RFP', 'RFT'), or null. */
  claimState: string | null;
  /** The ERP's attachment of the legal files (PDF, XML), or null. */
  attachmentEntry: number | null;
}

/** One document a payment settled: a credit note's line has a negative amount (it lowered the payment). */
export interface AccountPaymentLine {
  kind: AccountDocumentKind;
  docEntry: number;
  dteType: DteType | null;
  folio: number | null;
  installmentId: number;
  amount: number;
}

export interface AccountPayment {
  docEntry: number;
  docNum: number;
  date: string;
  /** The money received (transfer, cash, cheques, cards). */
  amount: number;
  /** The payment's own reference (the portal's CounterReference, a transfer number), or null. */
  reference: string | null;
  remarks: string | null;
  lines: AccountPaymentLine[];
}

/** The documents and payments of a period, for the statement. */
export interface AccountPeriod {
  from: string;
  to: string;
  documents: AccountDocument[];
  payments: AccountPayment[];
}

/** A file of a DTE: the legal PDF or the XML. */
export type DteFileFormat = 'pdf' | 'xml';

export interface DteFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

// ───────────────────────── The buyer's API over the account (/api/user/account/…) ─────────────────────────
// Company Administrador and Finanzas only (capability 'finance'); every answer is the acting company's own.

/** Aging of an open item by days overdue: not yet due, 0–30, 31–60, 61–90, over 90. */
export const AGING_BUCKETS = ['NOT_DUE', 'D0_30', 'D31_60', 'D61_90', 'D90_PLUS'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/**
 * What the buyer reads of an open item, in this order of precedence: cedida, pago en proceso, en reclamo, vencida hace N
 * días, vence en N días (due within 7 days or today), al día.
 */
export const ACCOUNT_ITEM_STATES = ['CEDIDA', 'PAGO_EN_PROCESO', 'EN_RECLAMO', 'VENCIDA', 'VENCE', 'AL_DIA'] as const;
export type AccountItemState = (typeof ACCOUNT_ITEM_STATES)[number];

/** A claim's reason (Ley 19.983): the content of the invoice, or partial or total lack of the goods. */
export const CLAIM_REASONS = ['CONTENIDO', 'FALTA_PARCIAL', 'FALTA_TOTAL'] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/** A claim the buyer recorded through the portal. */
export interface AccountClaim {
  id: number;
  reason: ClaimReason;
  text: string;
  /** Names of the photos or files attached (downloadable by the company's finance people). */
  files: { id: number; fileName: string; contentType: string; size: number }[];
  createdAt: string;
  /** Who recorded it (the person's name). */
  createdBy: string;
}

/** The claim window of an invoice: 8 calendar days from the SII's reception date. */
export interface ClaimWindow {
  /** Last day a claim can be made ('YYYY-MM-DD'); null when the reception date is unknown or the type cannot be claimed. */
  deadline: string | null;
  /** Calendar days left including today (0 = closed); null as deadline. */
  daysLeft: number | null;
  /** A claim can be recorded now (inside the window, no claim yet, a claimable type). */
  open: boolean;
}

/** An open item of the account as the list shows it: the ERP's document plus what the portal derives from it. */
export interface AccountItem extends AccountDocument {
  state: AccountItemState;
  /** The state in words: 'Al día', 'Vence en 3 días', 'Vencida hace 12 días', 'Cedida', 'En reclamo', 'Pago en proceso'. */
  stateLabel: string;
  /** Days past the (earliest open installment's) due date; 0 when not overdue. */
  daysOverdue: number;
  bucket: AgingBucket;
  /** A portal payment with this document is open or paid and not yet seen in the ERP. */
  inProcess: boolean;
  /** May be selected for a payment now (open, balance > 0 or a credit to apply, not ceded, not in process). */
  selectable: boolean;
  claimWindow: ClaimWindow;
  claim: AccountClaim | null;
}

/** GET /api/user/account/summary. */
export interface AccountSummary {
  cardCode: string;
  companyName: string;
  companyRut: string;
  /** 'YYYY-MM-DD', Chilean calendar day the figures are computed for. */
  today: string;
  /** B1's CurrentAccountBalance. */
  balance: number;
  /** Σ balance of open items past their due date. */
  overdue: number;
  /** Σ balance of open items not yet due. */
  notDue: number;
  /** Σ open credit (credit notes still to apply), as a positive number. */
  credits: number;
  /** B1's CreditLimit ('cupo'). */
  creditLimit: number;
  /** cupo − saldo − pedidos abiertos, never below 0. */
  available: number;
  buckets: Record<AgingBucket, { count: number; amount: number }>;
}

/** GET /api/user/account/documents?page&pageSize&bucket&state&q&sort&dir: the open items, paged by the server. */
export interface AccountItemList {
  rows: AccountItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** A movement of the statement: a document issued or a payment received, with the running balance after it. */
export interface StatementMovement {
  date: string;
  type: 'INVOICE' | 'EXEMPT_INVOICE' | 'DEBIT_NOTE' | 'CREDIT_NOTE' | 'DOWN_PAYMENT' | 'PAYMENT';
  /** 'Factura electrónica N° 10461', 'Pago recibido N° 5123 (transferencia)'. */
  description: string;
  /** The document's (kind, docEntry) to open or download; null for a payment. */
  document: { kind: AccountDocumentKind; docEntry: number; dteType: DteType; folio: number | null } | null;
  /** The payment's docEntry; null for a document. */
  paymentDocEntry: number | null;
  /** Adds to what the company owes. */
  debit: number;
  /** Lowers it. */
  credit: number;
  balance: number;
}

/** GET /api/user/account/statement?from&to (format=json|xlsx|pdf). */
export interface AccountStatement {
  from: string;
  to: string;
  company: { name: string; rut: string; cardCode: string };
  /** The wholesaler's own data printed on the statement. */
  issuer: { name: string; rut: string; address: string; email: string; phone: string };
  /** What the company owed at the start of `from`. */
  openingBalance: number;
  movements: StatementMovement[];
  /** openingBalance + Σ debit − Σ credit: what B1 says the company owed at the end of `to`. */
  closingBalance: number;
  totalDebit: number;
  totalCredit: number;
  /** When it was built (ISO). */
  generatedAt: string;
}

/** GET /api/user/account/documents/{kind}/{docEntry}: one of the company's documents with its chain and payments. */
export interface AccountDocumentDetail {
  item: AccountItem;
  /**
   * The document's chain in order: the portal order / sales order, the guía, the invoice, the notes that correct it.
   * Each link is what is known of it; `current` marks this document.
   */
  chain: {
    label: string;
    dteType: DteType | null;
    folio: number | null;
    date: string | null;
    document: { kind: AccountDocumentKind; docEntry: number } | null;
    current: boolean;
  }[];
  /** The payments received that settled it (each with every folio it settled). */
  payments: AccountPayment[];
}

/** One document chosen for a payment: a whole balance, or `amount` of it (a partial payment of one invoice). */
export interface AccountPaySelection {
  kind: AccountDocumentKind;
  docEntry: number;
  /** Whole pesos, 1..balance; absent = the whole balance. Only for invoices, debit notes and down payments. */
  amount?: number;
}

/** One line of the netted payment the ERP will get (a credit note's amount is negative). */
export interface AccountPayLine {
  kind: AccountDocumentKind;
  docEntry: number;
  dteType: DteType;
  folio: number | null;
  installmentId: number;
  amount: number;
}

/** POST /api/user/account/pay/preview {documents}: what the payment will be, computed by the server from the ERP. */
export interface AccountPayPreview {
  lines: AccountPayLine[];
  /** Σ amounts: what the card or transfer will charge (> 0). */
  total: number;
  /** Σ of the credit notes applied, as a positive number. */
  credits: number;
}

/** GET/PUT /api/user/account/alerts: the person's mail alerts (new invoice, due in 3 days, overdue). */
export interface AccountAlertsPreference {
  enabled: boolean;
}
