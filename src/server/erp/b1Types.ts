// Shapes of the Service Layer entities the portal reads (standard SAP B1 names, docs/protocols.md, SAP B1).
// Every field may be missing when a $select leaves it out, and user-defined fields (U_*) depend on the
// installation, so they are reached only through the names in mapping.ts.

export type B1YesNo = 'tYES' | 'tNO';
type Udfs = { [udf: `U_${string}`]: string | number | null | undefined };

export interface B1Address {
  AddressName: string;
  AddressType: 'bo_BillTo' | 'bo_ShipTo';
  Street?: string | null;
  City?: string | null;
  County?: string | null;
  State?: string | null;
  Country?: string | null;
  RowNum?: number;
  BPCode?: string;
}

export interface B1BusinessPartner extends Udfs {
  CardCode: string;
  CardName?: string | null;
  CardType?: 'cCustomer' | 'cSupplier' | 'cLid';
  FederalTaxID?: string | null;
  Phone1?: string | null;
  Cellular?: string | null;
  EmailAddress?: string | null;
  PayTermsGrpCode?: number | null;
  CreditLimit?: number | null;
  CurrentAccountBalance?: number | null;
  OpenOrdersBalance?: number | null;
  PriceListNum?: number | null;
  Frozen?: B1YesNo;
  Valid?: B1YesNo;
  BilltoDefault?: string | null;
  ShipToDefault?: string | null;
  BPAddresses?: B1Address[];
  ContactEmployees?: B1ContactEmployee[];
  /** The customer's sales employee (SalesPersons' SalesEmployeeCode); -1 none. */
  SalesPersonCode?: number | null;
}

/** A sales employee (SalesPersons, table OSLP); SalesEmployeeCode -1 is B1's "no sales employee". */
export interface B1SalesPerson {
  SalesEmployeeCode: number;
  SalesEmployeeName?: string | null;
  Active?: B1YesNo;
  Locked?: B1YesNo;
  Email?: string | null;
  Mobile?: string | null;
  Telephone?: string | null;
  EmployeeID?: number | null;
}

/** A contact person of a business partner (ContactEmployees, table OCPR); InternalCode is B1's key. */
export interface B1ContactEmployee extends Udfs {
  InternalCode: number;
  CardCode?: string;
  /** Unique per business partner. */
  Name: string;
  FirstName?: string | null;
  MiddleName?: string | null;
  LastName?: string | null;
  Position?: string | null;
  E_Mail?: string | null;
  MobilePhone?: string | null;
  Phone1?: string | null;
  Active?: B1YesNo;
}

export interface B1ItemPrice {
  PriceList: number;
  Price: number | null;
  Currency?: string | null;
}

export interface B1ItemWarehouse {
  WarehouseCode: string;
  InStock: number | null;
  Committed: number | null;
  Ordered: number | null;
}

export interface B1Item extends Udfs {
  ItemCode: string;
  ItemName?: string | null;
  ForeignName?: string | null;
  ItemsGroupCode?: number | null;
  QuantityOnStock?: number | null;
  SalesItem?: B1YesNo;
  Valid?: B1YesNo;
  ItemPrices?: B1ItemPrice[];
  ItemWarehouseInfoCollection?: B1ItemWarehouse[];
  /** Last change of the item's master data: '2026-11-24' (or '2026-11-24T00:00:00Z') and '14:05:09', ERP clock. */
  UpdateDate?: string | null;
  UpdateTime?: string | null;
}

export interface B1PaymentTerms {
  GroupNumber: number;
  PaymentTermsGroupName: string;
}

export interface B1Country {
  Code: string;
  Name: string;
}

export interface B1State {
  Code: string;
  Name: string;
  Country: string;
}

/** A row of a user-defined table (`/U_TRANSPORTE`). */
export interface B1UserTableRow {
  Code: string;
  Name: string;
}

export interface B1DocumentLine {
  LineNum: number;
  ItemCode?: string | null;
  ItemDescription?: string | null;
  Quantity?: number | null;
  UnitPrice?: number | null;
  DiscountPercent?: number | null;
  LineTotal?: number | null;
  WarehouseCode?: string | null;
  /** 17 = sales order, 13 = invoice, 15 = delivery; -1 none. */
  BaseType?: number | null;
  BaseEntry?: number | null;
  BaseLine?: number | null;
  /** A sales order line's own delivery date; a purchase order line's expected arrival. 'YYYY-MM-DD…'. */
  ShipDate?: string | null;
  /** Purchase orders: what is still to arrive on the line. */
  RemainingOpenQuantity?: number | null;
  LineStatus?: 'bost_Open' | 'bost_Close' | null;
}

export interface B1Document extends Udfs {
  DocEntry: number;
  DocNum?: number | null;
  DocDate?: string | null;
  DocDueDate?: string | null;
  /** ReqDate: the date the customer expects the goods (SL spells it 'Requried'). */
  RequriedDate?: string | null;
  CardCode?: string;
  CardName?: string | null;
  /** Who ordered: the InternalCode of one of the partner's contact persons. */
  ContactPersonCode?: number | null;
  /** The sales employee of the document (SalesEmployeeCode); -1 none. */
  SalesPersonCode?: number | null;
  NumAtCard?: string | null;
  Comments?: string | null;
  ShipToCode?: string | null;
  PayToCode?: string | null;
  DocTotal?: number | null;
  PaidToDate?: number | null;
  DocumentStatus?: 'bost_Open' | 'bost_Close' | 'bost_Paid' | 'bost_Delivered';
  Cancelled?: B1YesNo;
  FolioNumber?: number | null;
  FolioPrefixString?: string | null;
  DocumentLines?: B1DocumentLine[];
  /** The 'Referenced Document' tab: documents this one refers to, here the customer's own purchase order. */
  DocumentReferences?: B1DocumentReference[];
  /** A/R invoices: bod_None (factura), bod_InvoiceExempt (exenta), bod_DebitMemo (nota de débito). */
  DocumentSubType?: string | null;
  /** The document's due dates (one line unless it is paid in parts). */
  DocumentInstallments?: B1DocumentInstallment[];
  /** AbsoluteEntry of its Attachments2 row, or null. */
  AttachmentEntry?: number | null;
  VatSum?: number | null;
  /** When the document last changed (as Items', read-only). */
  UpdateDate?: string | null;
  UpdateTime?: string | null;
}

export interface B1DocumentInstallment {
  InstallmentId: number;
  DueDate?: string | null;
  Total?: number | null;
  PaidToDate?: number | null;
}

/** A document an incoming payment settled: InvoiceType it_Invoice, it_CredItnote (negative SumApplied), it_DownPayment. */
export interface B1PaymentInvoice {
  DocEntry: number;
  SumApplied?: number | null;
  InvoiceType?: string | null;
  InstallmentId?: number | null;
}

export interface B1IncomingPaymentRow {
  DocEntry: number;
  DocNum?: number | null;
  DocDate?: string | null;
  CardCode?: string;
  CashSum?: number | null;
  CheckSum?: number | null;
  TransferSum?: number | null;
  CounterReference?: string | null;
  TransferReference?: string | null;
  Remarks?: string | null;
  Cancelled?: B1YesNo;
  PaymentInvoices?: B1PaymentInvoice[];
  PaymentCreditCards?: Array<{ CreditSum?: number | null }>;
}

/** Attachments2 (OATC): the files attached to a document. */
export interface B1Attachment {
  AbsoluteEntry: number;
  Attachments2_Lines?: Array<{ LineNum?: number; FileName: string; FileExtension: string; SourcePath?: string | null }>;
}

/** A line of Document_DocumentReferences; an external document is RefObjType 'rot_ExternalDocument' with ExtDocNum. */
export interface B1DocumentReference {
  RefObjType?: string;
  RefDocEntr?: number | null;
  RefDocNum?: number | null;
  ExtDocNum?: string | null;
  IssueDate?: string | null;
  Remark?: string | null;
}
