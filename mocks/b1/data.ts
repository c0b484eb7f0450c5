// The demo company's dataset, deterministic: same rows on every run for the same options.
//
// Catalogue (catalogue.ts): Items, one per size, grouped by U_Estilo; Item UDFs: U_Estilo, U_Talla,
//   U_Color, U_Genero, U_Categoria, U_Subcategoria, U_Nivel3, U_Tecnologias (ids of TECHNOLOGIES),
//   U_DescripcionLarga, U_Especificacion; UpdateDate/UpdateTime of the last master-data change (before the
//   reference date). Warehouse '01', price list 1 in CLP.
// Business partners (partners.ts): one per DEMO_ACCOUNTS buyer; BP UDFs: U_Giro, U_NivelFidelizacion,
//   U_DescFidelizacion, U_Morosidad, U_Interes, U_Protesto, U_Prorroga.
// Documents (history.ts): Orders, Invoices, CreditNotes, IncomingPayments relative to REFERENCE_DATE;
//   Order UDFs: U_TipoVenta, U_FormaPago, U_Transporte, U_TipoRetiro, U_Sucursal, U_DireccionDespacho,
//   U_ComunaDespacho.
// Account documents (account.ts): a year of Invoices (33, 34, 56), CreditNotes, DownPayments, IncomingPayments,
//   a delivery (DeliveryNotes, guía 52) and Attachments2 of ACCOUNT_CARDCODE, with the e-invoicing provider's UDFs
//   U_FechaRecepcion, U_Cedida, U_CesionarioRut, U_CesionarioNombre, U_EstadoReclamo.
// Purchases (purchases.ts): the suppliers (BusinessPartners of CardType cSupplier, after the customers) and the
//   PurchaseOrders made from the Items' Ordered (their open lines add up to it); next season's three styles
//   (catalogue.ts) come after the demo catalogue, before any generated Item.
// Approval procedure: Drafts and ApprovalRequests start empty; the store fills them when a sales order of a
//   buyer under approval (APPROVAL_CARDCODE by default) is posted.
// Sales employees (partners.ts): SalesPersons, B1's -1 row and the demo reps of mocks/demo/salesReps.ts; BPs and
//   documents carry SalesPersonCode.
// Reference tables (reference.ts): PaymentTermsTypes, Countries, States, U_TRANSPORTE.
import { buildAccountYear } from './account';
import { buildDemoCatalogue, buildGeneratedCatalogue, buildNextSeasonCatalogue } from './catalogue';
import { normalizeDate, today } from './documents';
import { buildHistory } from './history';
import { buildPartners, buildSalesPersons } from './partners';
import { buildDemoPurchaseOrders, buildGeneratedPurchaseOrders, buildSuppliers } from './purchases';
import { COUNTRIES, PAYMENT_TERMS, STATES, TRANSPORTS } from './reference';
import type { B1Data } from './types';

export { TECHNOLOGIES } from './reference';
export { STOCK_OVERRIDES, categoryTree } from './catalogue';
export { ACCOUNT_CARDCODE, CESIONARIO } from './account';
export { INCOMING_DEMO } from './purchases';
export { APPROVAL_CARDCODE, BLOCK_REASONS, NOT_BLOCKED, PRORROGA_UNDEFINED_CARDCODE } from './partners';
export type * from './types';

export const REFERENCE_DATE = '2026-11-01';

export interface BuildDemoDataOptions {
  /** Extra generated Items beyond the demo catalogue (exactly this many). */
  catalogueSize?: number;
  /** Colours per generated model (default 1: every generated style its own model), for colour × size grids. */
  modelColours?: number;
  company?: string;
  referenceDate?: string;
  /** The "today" the demo company's account documents are dated from (default: referenceDate). */
  accountReferenceDate?: string;
  /** Extra invoices of the demo company's account year (mocks/b1/account.ts), for the statement bench. */
  accountExtraDocuments?: number;
  /**
   * The "today" the purchase orders' dates are counted from ('YYYY-MM-DD'; default: today in Chile when the data is
   * built), so next season is 5–9 weeks away whatever the day. Tests pass a fixed date.
   */
  purchaseReferenceDate?: string;
  /**
   * At most this many open purchase order lines for the generated Items (one per Item on order; the others' Ordered
   * becomes 0). Default: as the generated catalogue has them (about 30 % of its Items: ~6,000 for 20,000).
   */
  purchaseOrderLines?: number;
}

export function buildDemoData(opts: BuildDemoDataOptions = {}): B1Data {
  const referenceDate = opts.referenceDate ?? REFERENCE_DATE;
  const items = buildDemoCatalogue(referenceDate);
  const partners = buildPartners();
  const history = buildHistory(partners, items, referenceDate);
  for (const item of items) item.QuantityOnStock = item.ItemWarehouseInfoCollection.reduce((s, w) => s + w.InStock, 0);
  const data: B1Data = {
    company: opts.company ?? 'SBODEMOCL',
    referenceDate,
    BusinessPartners: partners,
    Items: items,
    ...history,
    DeliveryNotes: [],
    DownPayments: [],
    Attachments2: [],
    Drafts: [],
    ApprovalRequests: [],
    PurchaseOrders: [],
    PaymentTermsTypes: structuredClone(PAYMENT_TERMS),
    Countries: structuredClone(COUNTRIES),
    States: structuredClone(STATES),
    U_TRANSPORTE: structuredClone(TRANSPORTS),
    SalesPersons: buildSalesPersons(),
  };
  buildAccountYear(data, opts.accountReferenceDate ?? referenceDate, { extraDocuments: opts.accountExtraDocuments });
  // B1 fills a line's ShipDate with its document's DocDueDate when none is given
  for (const doc of [...data.Orders, ...data.Invoices, ...data.CreditNotes, ...data.DownPayments, ...data.DeliveryNotes]) {
    for (const line of doc.DocumentLines) line.ShipDate ??= doc.DocDueDate;
  }
  // next season and the purchases come after everything else, so no other row or number moves
  items.push(...buildNextSeasonCatalogue(referenceDate));
  const purchaseDate = opts.purchaseReferenceDate === undefined ? today() : normalizeDate(opts.purchaseReferenceDate);
  if (!purchaseDate) throw new Error(`purchaseReferenceDate is not a date (YYYY-MM-DD): ${opts.purchaseReferenceDate}`);
  const suppliers = buildSuppliers();
  partners.push(...suppliers);
  data.PurchaseOrders = buildDemoPurchaseOrders(items, suppliers, purchaseDate);
  if (opts.catalogueSize && opts.catalogueSize > 0) {
    const generated = buildGeneratedCatalogue(opts.catalogueSize, referenceDate, opts.modelColours);
    for (const item of generated) item.QuantityOnStock = item.ItemWarehouseInfoCollection.reduce((s, w) => s + w.InStock, 0);
    items.push(...generated);
    data.PurchaseOrders.push(...buildGeneratedPurchaseOrders(generated, suppliers, purchaseDate, data.PurchaseOrders.length + 1, opts.purchaseOrderLines));
  }
  return data;
}
