// The portal's shapes of ERP data, with the spec's field names (R-ERP-3): what the API answers and the SPA reads.
import type { IncomingStock } from '../incoming';

/** 'Sin Bloqueo' when the flag does not block; any other text blocks the buyer. */
export type BlockingFlag = string;

export interface InvoiceAddress {
  idfactura: string;
  direccion: string;
  comuna: string;
  idregion: string;
  region: string;
  idpais: string;
  pais: string;
  predeterminado: 'Y' | 'N';
}

export interface DispatchAddress {
  iddespacho: string;
  direccion: string;
  comuna: string;
  idregion: string;
  region: string;
  idpais: string;
  pais: string;
}

export interface CustomerProfile {
  /** The ERP business partner code (CardCode). */
  idcliente: string;
  /** Digits, dash, check digit ('76123456-0'). */
  rut: string;
  nombre: string;
  giro: string;
  mail: string;
  telefono: string;
  /** Payment condition name: 'Contado', 'Cheque', '30 días'... */
  condpago: string;
  /** Approved credit (the ERP's credit limit). */
  credAprob: number;
  /** Credit still available: approved − balance owed − open orders, never below 0. */
  limitecred: number;
  /** Loyalty discount percent (e.g. 6 for 6 %). */
  descFidel: number;
  /** Bronce, Silver, Gold, Premium or Elite. */
  fidelizacion: string;
  morosidad: BlockingFlag;
  interes: BlockingFlag;
  protesto: BlockingFlag;
  prorroga: BlockingFlag;
  factura: InvoiceAddress[];
  despacho: DispatchAddress[];
}

export interface Region {
  idregion: string;
  region: string;
  idpais: string;
}

export interface Country {
  idpais: string;
  pais: string;
}

export interface CatalogueTree {
  categorias: { descr: string; subcategorias: { descr: string; nivel3: { descr: string }[] }[] }[];
}

/** One row per style (the sku the product detail takes); stock is the sum over its sizes. */
export interface CatalogueItem {
  sku: string;
  descripcion: string;
  genero: string;
  stock: number;
  /** The style's list price: its cheapest size's (what 'desde' shows when its sizes differ in price). */
  preciolista: number;
  /**
   * The list price of its dearest size: above `preciolista` when its sizes differ in price (larger sizes often cost
   * more), and then the list says 'desde'. Absent in answers recorded before it (then read as `preciolista`).
   */
  preciolistaHasta?: number;
  categoria: string;
  tipo: string;
  variante: string;
  urlImage: string;
  /**
   * Units of its sizes arriving on the wholesaler's open purchase orders and still free to promise (docs/incoming.md);
   * absent or 0 when nothing is coming.
   */
  porLlegar?: number;
  /** 'YYYY-MM-DD' of the first of those arrivals. */
  llegada?: string;
  /** 'YYYY-MM-DD' of the last of them ('Próxima temporada' shows the window); absent when it is the first's. */
  llegadaHasta?: string;
}

export interface RelatedVariant {
  /** The size's own ItemCode: what goes into the cart and the ERP order line. */
  sku: string;
  talla: string;
  stock: number;
  preciolista: number;
  precioOferta: number;
  descuento: number;
  descripcion: string;
  /** What arrives of this size, by date, still free to promise (stock por llegar); absent or empty when nothing. */
  porLlegar?: IncomingStock[];
}

/**
 * One colour of a style's model (docs/size-grid.md): colours of one garment are separate styles in the ERP, linked by
 * their model; each brings its sizes with stock and prices, as fresh as the detail's own.
 */
export interface ProductColour {
  /** The colour's style code (its own product detail). */
  sku: string;
  color: string;
  /** The style's list price and offer, as the detail's own `precio`, `precioOferta` and `descuento`. */
  precio: number;
  precioOferta: number;
  descuento: number;
  relacionados: RelatedVariant[];
}

export interface ProductDetail {
  /** The style code of the detail (the path may name one of its sizes). Absent in answers recorded before the grid. */
  estilo?: string;
  /** The style's colour ('' when the ERP has none). */
  color?: string;
  /**
   * Every colour of the style's model that buyers may see, this style's included, in the ERP's order of style codes:
   * the rows of the colour × size grid. Absent in answers recorded before the grid (then the style is its only colour).
   */
  colores?: ProductColour[];
  nombre: string;
  descr: string;
  especificacion: string;
  precio: number;
  precioOferta: number;
  descuento: number;
  tecnologias: { idtecnologia: string }[];
  relacionados: RelatedVariant[];
}

export interface Transport {
  idTransporte: string;
  transporte: string;
}

export interface PendingDocument {
  folio: string;
  /** 'YYYY-MM-DD'. */
  fecha: string;
  totalBruto: number;
  saldoaPagar: number;
  docEntry: number;
}

export interface PurchaseHistoryHeader {
  docEntry: number;
  numPedido: string;
  /** 'YYYY-MM-DD'. */
  fecha: string;
  tipoRetiro: string;
  /** '0' when there is none (the screen shows '-'). */
  entrega: string;
  estado: string;
  numFactura: string;
  numNotaCredito: string;
  dte: string;
  /**
   * The portal order number (OC000042 / RE000007) when this ERP document is that portal order (its NumAtCard names an
   * order of the same customer in the portal); '' otherwise (an order entered in the ERP). Always sent by the server.
   */
  ordenPortal?: string;
}

export interface PurchaseHistoryLine {
  lineNum: number;
  itemCode: string;
  descripcion: string;
  cantidad: number;
  totalNeto: number;
}

/** The body of POST /user/b1/update-profile minus the business partner (R-PROF-2). */
export interface CustomerUpdate {
  giro?: string;
  mail?: string;
  telefono?: string;
  direcciones?: {
    /** The ERP address name; empty for a new address. */
    iddespacho?: string;
    /** 'B' billing, 'S' shipping. */
    addressType: 'B' | 'S';
    direccion: string;
    region: string;
    comuna: string;
    pais: string;
  }[];
}

/**
 * A person of a buying company as the ERP keeps it: a contact person of the business partner (B1 ContactEmployees).
 * Texts the ERP leaves empty are ''.
 */
export interface ContactPerson {
  /** The ERP's key of the contact (InternalCode): what a sales order names as who ordered (ContactPersonCode). */
  code: number;
  /** The contact's name in the ERP, unique within the company. */
  name: string;
  firstName: string;
  lastName: string;
  /** The e-mail, as the ERP has it (the portal matches it case-insensitively). */
  email: string;
  /** The mobile phone. */
  phone: string;
  position: string;
  /** The personal rut, compact ('12345678-5'). */
  rut: string;
  active: boolean;
}

/** A new contact person: the ERP's name is made from the first name and surnames (unique within the company). */
export interface ContactPersonInput {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  position?: string;
  /** The personal rut, in any writing. */
  rut?: string;
  /** Default true. */
  active?: boolean;
}

/** What may change on a contact person (fields absent keep their value). */
export type ContactPersonChanges = Partial<ContactPersonInput>;

/** A portal offer for one sku (spec: itemCode, descuento, precioOferta). */
export interface PortalOffer {
  descuento: number;
  /** When absent it is the list price less `descuento` %, rounded to whole pesos. */
  precioOferta?: number;
}

/** Product of the product service (spec: sku, descripcion, mainUrlImage): the admin list and the search box. */
export interface ProductListItem {
  sku: string;
  descripcion: string;
  mainUrlImage: string;
}

/** Offer lookup result (R-MONEY-2). */
export interface OfferLookupResult {
  itemCode: string;
  descuento: number;
  precioOferta: number;
}

/** A sales employee of the ERP (B1 `SalesPersons`): who may represent customers as a rep (vendedor). */
export interface SalesEmployee {
  /** The ERP's key (SalesEmployeeCode): what a customer names as its rep and a sales order as who wrote it. */
  code: number;
  name: string;
  /** '' when the ERP has none. */
  email: string;
  /** '' when the ERP has none. */
  mobile: string;
  /** An inactive employee cannot be put on a new sales order. */
  active: boolean;
}

/** A customer as a rep's customer list shows it (read from the ERP with its current rep assignment). */
export interface RepCustomer {
  /** CardCode. */
  idcliente: string;
  /** Digits, dash, check digit ('76123456-0'). */
  rut: string;
  nombre: string;
  /** The comuna of the default billing address ('' when it has none). */
  comuna: string;
  /** Approved credit (the ERP's credit limit). */
  credAprob: number;
  /** Credit still available: approved − balance owed − open orders, never below 0 (as in CustomerProfile). */
  limitecred: number;
  /** What the customer owes (the ERP's account balance; negative when it has paid in advance). */
  saldo: number;
  morosidad: BlockingFlag;
  interes: BlockingFlag;
  protesto: BlockingFlag;
  prorroga: BlockingFlag;
  /** The customer's sales employee (SalesEmployeeCode), null when it has none. */
  vendedor: number | null;
}

/** A customer's newest sales order in the ERP. */
export interface CustomerLastOrder {
  /** The ERP's order number (DocNum). */
  docNum: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** Total with VAT (DocTotal), whole pesos. */
  total: number;
}

/** One page of a rep's customers and how many there are in all. */
export interface RepCustomerPage {
  customers: RepCustomer[];
  total: number;
}
