// Shapes of the entities the SAP Business One Service Layer stand-in serves (OData v1 JSON, the
// standard SL property names plus the installation's user-defined fields, U_*). Every row of a
// set carries all of its properties (null when empty), as SL does: the OData engine uses the
// properties of a set's rows to reject unknown names in $select / $filter / $orderby.

export type YesNo = 'tYES' | 'tNO';
export type DocStatus = 'bost_Open' | 'bost_Close';
export type Genero = 'Femenino' | 'Masculino' | 'Unisex';

export interface ItemPrice { PriceList: number; Price: number; Currency: string }
export interface ItemWarehouseInfo { WarehouseCode: string; InStock: number; Committed: number; Ordered: number }

export interface B1Item {
  ItemCode: string;
  ItemName: string;
  /** The style's description without colour or size (what a catalogue card shows). */
  ForeignName: string;
  ItemsGroupCode: number;
  /** Always equal to the sum of ItemWarehouseInfoCollection[].InStock. */
  QuantityOnStock: number;
  InventoryItem: YesNo;
  SalesItem: YesNo;
  PurchaseItem: YesNo;
  Valid: YesNo;
  Frozen: YesNo;
  SalesUnit: string;
  BarCode: string | null;
  ItemPrices: ItemPrice[];
  ItemWarehouseInfoCollection: ItemWarehouseInfo[];
  /** Style code shared by every size of a style, e.g. 'POL-1001'. */
  U_Estilo: string;
  /** 'XS' 'S' 'M' 'L' 'XL' 'XXL' or numeric pants sizes '36'…'48'. */
  U_Talla: string;
  /** Variant: the colour name in Spanish. */
  U_Color: string;
  /**
   * The model the style is a colour of: the styles of one garment in several colours share it ('MOD-1001' for
   * POL-1001 Blanco and POL-1002 Negro); a style sold in one colour has its own.
   */
  U_Modelo: string;
  U_Genero: Genero;
  U_Categoria: string;
  U_Subcategoria: string;
  U_Nivel3: string;
  /** Comma-separated ids of TECHNOLOGIES, e.g. '1,7'; null when the style has none. */
  U_Tecnologias: string | null;
  U_DescripcionLarga: string;
  U_Especificacion: string;
  /**
   * When the item's master data last changed (B1 sets both on every update of the item itself, SL owns them):
   * 'YYYY-MM-DD' and 'HH:MM:SS' on the ERP's clock. Stock moved by documents does not change them.
   */
  UpdateDate: string;
  UpdateTime: string;
}

export type AddressType = 'bo_BillTo' | 'bo_ShipTo';

export interface BPAddress {
  AddressName: string;
  AddressType: AddressType;
  Street: string;
  Block: string | null;
  /** The comuna. */
  City: string;
  /** The province. */
  County: string;
  /** Region code, key of States ('RM', 'V', …). */
  State: string;
  Country: string;
  ZipCode: string | null;
  BPCode: string;
  RowNum: number;
}

export type BlockValue = string | null;

/**
 * A contact person of a business partner (SL ContactEmployee, table OCPR). InternalCode is B1's key, one counter for
 * the whole company database, never reused; Name is unique per partner. U_RutPersona: the person's own rut, a
 * user-defined field ('12345678-5', formatted like FederalTaxID).
 */
export interface ContactEmployee {
  InternalCode: number;
  CardCode: string;
  Name: string;
  FirstName: string | null;
  MiddleName: string | null;
  LastName: string | null;
  Position: string | null;
  E_Mail: string | null;
  MobilePhone: string | null;
  Phone1: string | null;
  Active: YesNo;
  U_RutPersona: string | null;
}

/**
 * A sales employee (SalesPersons, table OSLP): SalesEmployeeCode is B1's key; -1 is B1's own "no sales employee" row.
 * An inactive one (Active tNO) cannot be put on a new document or a partner.
 */
export interface B1SalesPerson {
  SalesEmployeeCode: number;
  SalesEmployeeName: string;
  Active: YesNo;
  Locked: YesNo;
  Email: string | null;
  Mobile: string | null;
  Telephone: string | null;
  /** The employee master data record (OHEM.empID), null when none is linked. */
  EmployeeID: number | null;
}

export interface B1BusinessPartner {
  CardCode: string;
  CardName: string;
  CardType: 'cCustomer' | 'cSupplier' | 'cLid';
  GroupCode: number;
  FederalTaxID: string;
  Phone1: string | null;
  Phone2: string | null;
  Cellular: string | null;
  EmailAddress: string | null;
  Currency: string;
  PayTermsGrpCode: number;
  CreditLimit: number;
  MaxCommitment: number;
  CurrentAccountBalance: number;
  OpenOrdersBalance: number;
  PriceListNum: number;
  Frozen: YesNo;
  Valid: YesNo;
  BilltoDefault: string | null;
  ShipToDefault: string | null;
  /**
   * The comuna of the default bill-to address, as B1 keeps it on the partner itself (OCRD.City): what a list of
   * partners can filter and sort by (SL cannot $orderby a field of BPAddresses). The stand-in derives it from the
   * addresses after every change.
   */
  City: string | null;
  BPAddresses: BPAddress[];
  /** The partner's contact persons: PATCH adds (no InternalCode) or updates (by InternalCode) lines, keeps the rest. */
  ContactEmployees: ContactEmployee[];
  /** Business activity ("giro"). */
  U_Giro: string | null;
  U_NivelFidelizacion: string | null;
  /** Loyalty discount percent (LOYALTY_DISCOUNT of the level). */
  U_DescFidelizacion: number | null;
  /** The four blocking flags: 'Sin Bloqueo' or a reason such as 'Bloqueado por morosidad'. */
  U_Morosidad: BlockValue;
  U_Interes: BlockValue;
  U_Protesto: BlockValue;
  /** null (undefined prórroga) counts as not blocking. */
  U_Prorroga: BlockValue;
  /** The customer's sales employee (SalesPersons' SalesEmployeeCode), -1 when none. */
  SalesPersonCode: number;
}

export interface DocumentLine {
  LineNum: number;
  ItemCode: string;
  ItemDescription: string;
  Quantity: number;
  /** Unit price before the line discount. */
  UnitPrice: number;
  /** Unit price after the line discount: UnitPrice × (1 − DiscountPercent/100), rounded to 2 decimals. */
  Price: number;
  DiscountPercent: number;
  /** Net line total (after discount, before VAT): Price × Quantity rounded to whole CLP. */
  LineTotal: number;
  Currency: string;
  WarehouseCode: string;
  TaxCode: string;
  /** 17 = sales order, 13 = A/R invoice, -1 = no base document. */
  BaseType: number;
  BaseEntry: number | null;
  BaseLine: number | null;
  LineStatus: DocStatus;
  /** Line UDF: the list unit price the portal priced the line from. */
  U_PrecioLista: number | null;
  /** Line UDF: the discount percent (offer and loyalty) the portal applied to the line. */
  U_DescLinea: number | null;
  /**
   * The line's own delivery date (RDR1/POR1.ShipDate, 'YYYY-MM-DD'): a POST takes it ('YYYY-MM-DD' or 'YYYYMMDD'),
   * without it B1 puts the header's DocDueDate; a line copied from another keeps the base line's (data.ts gives the
   * seeded history's lines their document's DocDueDate).
   */
  ShipDate: string | null;
}

/**
 * A line of a purchase order (POR1): the document line plus what is still to arrive. RemainingOpenQuantity (OpenQty)
 * is Quantity less what goods receipts already took in; OpenQuantity the same figure under the name newer SL
 * versions also give. Price / UnitPrice are the supplier's cost (never for a buyer's eyes).
 */
export interface PurchaseOrderLine extends DocumentLine {
  RemainingOpenQuantity: number;
  OpenQuantity: number;
}

/**
 * PurchaseOrders (OPOR): the wholesaler's incoming goods, the same document type as Orders with a supplier as
 * CardCode. UpdateDate / UpdateTime move on every change of the document (a PATCH, a line received), on the ERP's
 * clock, as on Items.
 */
export interface B1PurchaseOrder extends Omit<B1Document, 'DocumentLines'> {
  DocumentLines: PurchaseOrderLine[];
  UpdateDate: string;
  UpdateTime: string;
}

/** BoObjectTypes of the marketing documents the stand-in serves (a Draft keeps the type it will become). */
export type DocObjectCode = 'oOrders' | 'oInvoices' | 'oCreditNotes' | 'oDownPayments' | 'oDeliveryNotes' | 'oPurchaseOrders';

/**
 * BoDocumentSubType: what kind of A/R invoice a document is, hence its DTE type in Chile (bod_None: factura 33,
 * bod_InvoiceExempt: factura exenta 34, bod_DebitMemo: nota de débito 56).
 */
export type DocumentSubType = 'bod_None' | 'bod_InvoiceExempt' | 'bod_DebitMemo';

/** A line of Document_Installments: a due date of a document paid in parts (one line when not split). */
export interface DocumentInstallment {
  InstallmentId: number;
  DueDate: string;
  Percentage: number;
  Total: number;
  PaidToDate: number;
}

/** DocumentAuthorizationStatusEnum: dasWithout on documents that never went through an approval procedure. */
export type AuthorizationStatus =
  | 'dasWithout' | 'dasPending' | 'dasApproved' | 'dasRejected' | 'dasGenerated' | 'dasGeneratedbyAuthorizer' | 'dasCancelled';

/** A line of a document's 'Referenced Document' tab (SL Document_DocumentReferences); -1 / rot_ExternalDocument: outside B1. */
export interface DocumentReference {
  LineNumber: number;
  RefDocEntr: number | null;
  RefDocNum: number | null;
  /** The external document's number (up to 100 characters). */
  ExtDocNum: string | null;
  RefObjType: string;
  IssueDate: string | null;
  Remark: string | null;
}

/** Orders, DeliveryNotes, Invoices, CreditNotes, DownPayments and Drafts. */
export interface B1Document {
  DocEntry: number;
  DocNum: number;
  DocType: 'dDocument_Items';
  /** The object the document is (or, for a Draft, will become when added). */
  DocObjectCode: DocObjectCode;
  AuthorizationStatus: AuthorizationStatus;
  DocDate: string;
  DocDueDate: string;
  TaxDate: string;
  /** ReqDate: the date the customer expects the goods (SL's own spelling, 'Requried'). */
  RequriedDate: string | null;
  CardCode: string;
  CardName: string;
  /** Who ordered: the InternalCode of one of the partner's contact persons (ORDR.CntctCode), or null. */
  ContactPersonCode: number | null;
  /** The sales employee of the document (ORDR.SlpCode): the partner's unless the POST names another; -1 none. */
  SalesPersonCode: number;
  NumAtCard: string | null;
  Comments: string | null;
  ShipToCode: string | null;
  PayToCode: string | null;
  /** Billing address text. */
  Address: string | null;
  /** Shipping address text. */
  Address2: string | null;
  DocCurrency: string;
  DiscountPercent: number;
  VatSum: number;
  DocTotal: number;
  PaidToDate: number;
  DocumentStatus: DocStatus;
  Cancelled: YesNo;
  /** Chilean DTE folio (deliveries, invoices and credit notes; null on orders). */
  FolioNumber: number | null;
  /**
   * DTE type: '33' factura electrónica, '34' exenta, '52' guía de despacho, '56' nota de débito, '61' nota de crédito;
   * null on orders.
   */
  FolioPrefixString: string | null;
  /** The kind of A/R invoice (its DTE type): bod_None on every other document. */
  DocumentSubType: DocumentSubType;
  /** The due dates of the document (invoices, down payments, credit notes): one line unless paid in parts. */
  DocumentInstallments: DocumentInstallment[];
  /** AbsoluteEntry of the document's Attachments2 row (the legal PDF and XML of its DTE), or null. */
  AttachmentEntry: number | null;
  /** UDF the e-invoicing provider fills: the date the SII recorded the buyer's reception of the DTE. */
  U_FechaRecepcion: string | null;
  /** UDF: 'Y' when the DTE was ceded (factored) and the cesión notified; 'N' otherwise. */
  U_Cedida: string | null;
  /** UDF: the cesionario's rut ('76555444-3') and name, when ceded. */
  U_CesionarioRut: string | null;
  U_CesionarioNombre: string | null;
  /** UDF: the SII claim state ('ACD' accepted, 'RCD' content claimed, 'RFP' partial lack, 'RFT' total lack), or null. */
  U_EstadoReclamo: string | null;
  DocumentLines: DocumentLine[];
  /** The 'Referenced Document' tab (RDR21 …): here external documents such as the customer's purchase order. */
  DocumentReferences: DocumentReference[];
  /** Orders: 'Normal' | 'Reserva'. */
  U_TipoVenta: string | null;
  /** Orders: '1' cheque, '4' card / bank transfer, '5' credit. */
  U_FormaPago: string | null;
  /** Orders: Code of a U_TRANSPORTE row. */
  U_Transporte: string | null;
  /** Orders: 'Despacho' (delivery) | 'Retiro' (pick-up). */
  U_TipoRetiro: string | null;
  /** Orders: branch, always '1'. */
  U_Sucursal: string | null;
  /** Orders: free-text dispatch street and comuna. */
  U_DireccionDespacho: string | null;
  U_ComunaDespacho: string | null;
}

/**
 * A document a payment settles. InvoiceType it_Invoice (13), it_CredItnote (14: SumApplied negative, the credit note
 * lowers what is paid) or it_DownPayment (203); InstallmentId the installment paid (1 unless split).
 */
export interface PaymentInvoice { LineNum: number; DocEntry: number; SumApplied: number; InvoiceType: string; InstallmentId: number }
export interface PaymentCreditCard {
  LineNum: number;
  CreditCard: number;
  CreditCardNumber: string | null;
  CardValidUntil: string | null;
  VoucherNum: string | null;
  PaymentMethodCode: number | null;
  NumOfPayments: number;
  CreditSum: number;
  CreditType: string;
}
export interface PaymentCheck { LineNum: number; DueDate: string | null; CheckNumber: number | null; BankCode: string | null; CheckSum: number }

export interface B1IncomingPayment {
  DocEntry: number;
  DocNum: number;
  DocType: 'rCustomer' | 'rAccount' | 'rSupplier';
  DocDate: string;
  CardCode: string;
  CardName: string;
  DocCurrency: string;
  CashSum: number;
  CheckSum: number;
  TransferSum: number;
  TransferAccount: string | null;
  TransferDate: string | null;
  TransferReference: string | null;
  CounterReference: string | null;
  Remarks: string | null;
  JournalRemarks: string | null;
  Cancelled: YesNo;
  PaymentInvoices: PaymentInvoice[];
  PaymentCreditCards: PaymentCreditCard[];
  PaymentChecks: PaymentCheck[];
}

export type ApprovalRequestStatus =
  | 'arsPending' | 'arsApproved' | 'arsNotApproved' | 'arsGenerated' | 'arsGeneratedByAuthorizer' | 'arsCancelled';
export type ApprovalDecisionStatus = 'ardPending' | 'ardApproved' | 'ardNotApproved';

export interface ApprovalRequestLine {
  StageCode: number;
  UserID: number;
  Status: ApprovalDecisionStatus;
  Remarks: string | null;
  UpdateDate: string | null;
  UpdateTime: string | null;
  CreationDate: string;
  CreationTime: string;
}

/** What a PATCH ApprovalRequests(Code) carries; kept as sent. */
export interface ApprovalRequestDecision {
  ApproverUserName: string | null;
  ApproverPassword: string | null;
  Status: ApprovalDecisionStatus;
  Remarks: string | null;
}

/**
 * ApprovalRequests (table OWDD): one per document an approval procedure held. While the document is a Draft,
 * IsDraft is 'Y' (an Edm.String, not a tYES/tNO enum), DraftEntry is the Draft's DocEntry and ObjectEntry is null;
 * once the Draft is added as a document, ObjectEntry is that document's DocEntry.
 */
export interface B1ApprovalRequest {
  Code: number;
  ApprovalTemplatesID: number;
  /** '17' = sales order. */
  ObjectType: string;
  IsDraft: 'Y' | 'N';
  ObjectEntry: number | null;
  Status: ApprovalRequestStatus;
  Remarks: string | null;
  CurrentStage: number;
  OriginatorID: number;
  CreationDate: string;
  CreationTime: string;
  DraftEntry: number | null;
  /** '112' = Drafts. */
  DraftType: string | null;
  ApprovalRequestLines: ApprovalRequestLine[];
  ApprovalRequestDecisions: ApprovalRequestDecision[];
}

/** A file of an attachment (Attachments2_Lines): name, extension, the folder it is kept in. */
export interface AttachmentLine {
  LineNum: number;
  FileName: string;
  FileExtension: string;
  SourcePath: string;
  AttachmentDate: string;
  Override: YesNo;
}

/** Attachments2 (table OATC): the files attached to a document, keyed by AbsoluteEntry. */
export interface B1Attachment {
  AbsoluteEntry: number;
  Attachments2_Lines: AttachmentLine[];
}

export interface B1PaymentTermsType { GroupNumber: number; PaymentTermsGroupName: string; NumberOfAdditionalDays: number }
export interface B1Country { Code: string; Name: string }
export interface B1State { Code: string; Country: string; Name: string }
/** Row of the user-defined table @TRANSPORTE. */
export interface B1Transport { Code: string; Name: string }

export interface B1Data {
  company: string;
  /** The fixed "today" of the seeded history (YYYY-MM-DD). */
  referenceDate: string;
  BusinessPartners: B1BusinessPartner[];
  Items: B1Item[];
  Orders: B1Document[];
  /** Deliveries (ODLN): the guías de despacho (52); same document type as Orders and Invoices. */
  DeliveryNotes: B1Document[];
  Invoices: B1Document[];
  CreditNotes: B1Document[];
  /** A/R down payment invoices (ODPI): same document type as Invoices. */
  DownPayments: B1Document[];
  IncomingPayments: B1IncomingPayment[];
  Attachments2: B1Attachment[];
  /** Documents held by an approval procedure (ODRF). */
  Drafts: B1Document[];
  ApprovalRequests: B1ApprovalRequest[];
  /** The wholesaler's purchase orders (OPOR): its incoming goods; open lines add up to the Items' Ordered. */
  PurchaseOrders: B1PurchaseOrder[];
  PaymentTermsTypes: B1PaymentTermsType[];
  Countries: B1Country[];
  States: B1State[];
  U_TRANSPORTE: B1Transport[];
  SalesPersons: B1SalesPerson[];
}
