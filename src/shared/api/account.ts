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
