// The ONE place that knows where each portal concept lives in this B1 installation (which standard field or
// user-defined field, which price list, which warehouse), and the pure functions that turn ERP entities into the
// portal's shapes (R-ERP-3). A real installation with other UDF names changes this file only.
import { offerPrice } from '@shared/pricing';
import { compactRut } from '@shared/rut';
import { roundPesos } from '@shared/money';
import { freeIncoming, incomingTotal, type Arrivals, type IncomingStock } from '@shared/incoming';
import { chileTodayIso } from '@shared/workingDays';
import type { B1Address, B1BusinessPartner, B1ContactEmployee, B1Document, B1DocumentLine, B1Item, B1SalesPerson } from './b1Types';
import type {
  CatalogueItem,
  CatalogueTree,
  ContactPerson,
  ContactPersonChanges,
  Country,
  CustomerProfile,
  CustomerUpdate,
  DispatchAddress,
  InvoiceAddress,
  PendingDocument,
  PortalOffer,
  ProductColour,
  ProductDetail,
  PurchaseHistoryHeader,
  PurchaseHistoryLine,
  Region,
  RelatedVariant,
  RepCustomer,
  SalesEmployee,
  Transport,
} from '@shared/api/erp';

// ---------------------------------------------------------------------------------------------------------------
// Field names and installation settings
// ---------------------------------------------------------------------------------------------------------------

export const B1_FIELDS = {
  customer: {
    rut: 'FederalTaxID',
    giro: 'U_Giro',
    loyaltyLevel: 'U_NivelFidelizacion',
    /** Percent, e.g. 6 for 6 %. */
    loyaltyDiscount: 'U_DescFidelizacion',
    /** The four blocking flags: `notBlocking` text or a reason. */
    blocking: { morosidad: 'U_Morosidad', interes: 'U_Interes', protesto: 'U_Protesto', prorroga: 'U_Prorroga' },
  },
  /** A person of the company: a contact person of the business partner (ContactEmployees). */
  contact: {
    /** The personal rut, compact ('12345678-5'): not a standard field, the installation's UDF. */
    rut: 'U_RutPersona',
    email: 'E_Mail',
    /** The phone the portal keeps: the mobile. */
    phone: 'MobilePhone',
  },
  address: {
    street: 'Street',
    /** The comuna (commune). County holds the province in this installation. */
    commune: 'City',
    /** Region code, the key of States. */
    region: 'State',
    country: 'Country',
  },
  item: {
    /** Style code shared by every size of a style: the portal's product sku. */
    style: 'U_Estilo',
    size: 'U_Talla',
    /** The variant a buyer sees next to the description: the colour. */
    colour: 'U_Color',
    /** The model a style is a colour of: styles sharing it are the rows of the colour × size grid (docs/size-grid.md). */
    model: 'U_Modelo',
    gender: 'U_Genero',
    category: 'U_Categoria',
    subcategory: 'U_Subcategoria',
    level3: 'U_Nivel3',
    /** Comma-separated technology ids ('1,4'). */
    technologies: 'U_Tecnologias',
    longDescription: 'U_DescripcionLarga',
    specification: 'U_Especificacion',
    /** The style's description without size or colour. */
    styleName: 'ForeignName',
  },
  /**
   * Where B1 stamps the last change of an item's master data (name, prices, validity, UDFs), on the ERP's clock. The
   * catalogue reads only the items changed since its last read through them (docs/architecture.md, catalogue). `time`
   * null: an installation without UpdateTime on Items, read by day. Stock moved by documents does not move them.
   */
  itemChange: { date: 'UpdateDate', time: 'UpdateTime' as string | null },
  order: {
    saleType: 'U_TipoVenta',
    paymentForm: 'U_FormaPago',
    transport: 'U_Transporte',
    pickupType: 'U_TipoRetiro',
    branch: 'U_Sucursal',
    dispatchStreet: 'U_DireccionDespacho',
    dispatchCommune: 'U_ComunaDespacho',
    /**
     * The delivery date the buyer asks for (docs/ordering.md): ReqDate, "the date the customer expects the goods"; the
     * sales order's own delivery date (DocDueDate) is set to it too.
     */
    requestedDate: 'RequriedDate',
    /**
     * The buyer's own purchase-order number. NumAtCard carries the portal's order number (the look-up key of every
     * create), so the buyer's goes to the document's 'Referenced Document' tab as an external document (B1 10.0 FP 2008
     * on, the reference a Chilean DTE names as the buyer's purchase order). An installation without that tab names a
     * text UDF here instead ('U_OCCliente').
     */
    buyerReference: 'DocumentReferences' as 'DocumentReferences' | `U_${string}`,
  },
  /**
   * What the e-invoicing provider records on an A/R document (invoice, credit note, down payment) in this installation's
   * user-defined fields: the SII's reception date, the cesión (flag 'Y'/'N', the cesionario's rut and name) and the
   * claim state. Read by the B1 DTE provider (src/server/account/dteProvider.ts); another provider keeps them elsewhere.
   */
  dte: {
    receptionDate: 'U_FechaRecepcion',
    ceded: 'U_Cedida',
    cesionarioRut: 'U_CesionarioRut',
    cesionarioName: 'U_CesionarioNombre',
    claimState: 'U_EstadoReclamo',
  },
} as const;

export const B1_SETTINGS = {
  /** Price list whose price is the catalogue's "precio lista". */
  listPriceList: 1,
  /** Warehouse whose available stock the portal sells; null sums every warehouse. */
  warehouseCode: '01' as string | null,
  /** Value of a blocking flag that does not block (spec). Empty or null flags count as this too. */
  notBlocking: 'Sin Bloqueo',
  /** User-defined table of transports (`@TRANSPORTE`, reached as `U_TRANSPORTE`). */
  transportTable: 'U_TRANSPORTE',
  customerCardType: 'cCustomer',
  /** Object types of document lines' BaseType. */
  baseTypeOrder: 17,
  baseTypeDelivery: 15,
  baseTypeInvoice: 13,
  /** Shown in purchase history when a document does not exist (the screen turns it into '-'). */
  noDocument: '0',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Small readers
// ---------------------------------------------------------------------------------------------------------------

const F = B1_FIELDS;
const S = B1_SETTINGS;
type Row = Record<string, unknown>;

function text(row: object, field: string): string {
  const value = (row as Row)[field];
  return value === null || value === undefined ? '' : String(value).trim();
}

function num(row: object, field: string): number {
  const value = Number((row as Row)[field] ?? 0);
  return Number.isFinite(value) ? value : 0;
}

/** 'YYYY-MM-DD' from the ERP's '2024-05-03' or '2024-05-03T00:00:00Z'. */
export function isoDate(value: string | null | undefined): string {
  return value ? String(value).slice(0, 10) : '';
}

// ---------------------------------------------------------------------------------------------------------------
// Customers
// ---------------------------------------------------------------------------------------------------------------

/** Names the profile needs that live in other entities (cached by the service). */
export interface ReferenceNames {
  paymentTerms: ReadonlyMap<number, string>;
  countries: ReadonlyMap<string, string>;
  /** Keyed by `regionKey(country, code)`: region codes repeat across countries. */
  regions: ReadonlyMap<string, string>;
}

export const regionKey = (country: string, code: string): string => `${country}:${code}`;

/** The fields of BusinessPartners the profile needs (the stand-in, like SL, rejects unknown names). */
export const CUSTOMER_SELECT: readonly string[] = [
  'CardCode', 'CardName', 'CardType', F.customer.rut, 'Phone1', 'Cellular', 'EmailAddress', 'PayTermsGrpCode',
  'CreditLimit', 'CurrentAccountBalance', 'OpenOrdersBalance', 'PriceListNum', 'Frozen', 'Valid', 'BilltoDefault',
  'ShipToDefault', 'BPAddresses', F.customer.giro, F.customer.loyaltyLevel, F.customer.loyaltyDiscount,
  ...Object.values(F.customer.blocking),
];

/** A blocking flag as the buyer sees it: empty (e.g. an undefined prórroga) means not blocking. */
export function blockingFlag(value: unknown): string {
  const flag = value === null || value === undefined ? '' : String(value).trim();
  return flag === '' ? S.notBlocking : flag;
}

/** Blocked when any of the four flags is not 'Sin Bloqueo' (R-BLOCK-1); one rule for both sides. */
export { isBlocked } from '@shared/blocking';

/**
 * Credit still available to the buyer: the approved limit less what the customer owes (CurrentAccountBalance,
 * positive when the customer owes) and less its open sales orders (OpenOrdersBalance). Never below 0: an
 * overdrawn customer simply has no credit left, not a negative one.
 */
export function availableCredit(bp: Pick<B1BusinessPartner, 'CreditLimit' | 'CurrentAccountBalance' | 'OpenOrdersBalance'>): number {
  const available = num(bp, 'CreditLimit') - num(bp, 'CurrentAccountBalance') - num(bp, 'OpenOrdersBalance');
  return Math.max(0, roundPesos(available));
}

function addressParts(address: B1Address, names: ReferenceNames) {
  const idpais = text(address, F.address.country);
  const idregion = text(address, F.address.region);
  return {
    direccion: text(address, F.address.street),
    comuna: text(address, F.address.commune),
    idregion,
    region: names.regions.get(regionKey(idpais, idregion)) ?? idregion,
    idpais,
    pais: names.countries.get(idpais) ?? idpais,
  };
}

export function toCustomerProfile(bp: B1BusinessPartner, names: ReferenceNames): CustomerProfile {
  const addresses = bp.BPAddresses ?? [];
  const factura: InvoiceAddress[] = addresses
    .filter((a) => a.AddressType === 'bo_BillTo')
    .map((a) => ({ idfactura: a.AddressName, ...addressParts(a, names), predeterminado: a.AddressName === bp.BilltoDefault ? 'Y' : 'N' }));
  const despacho: DispatchAddress[] = addresses
    .filter((a) => a.AddressType === 'bo_ShipTo')
    .map((a) => ({ iddespacho: a.AddressName, ...addressParts(a, names) }));
  const rut = text(bp, F.customer.rut);
  return {
    idcliente: bp.CardCode,
    rut: rut ? compactRut(rut) : '',
    nombre: text(bp, 'CardName'),
    giro: text(bp, F.customer.giro),
    mail: text(bp, 'EmailAddress'),
    telefono: text(bp, 'Phone1') || text(bp, 'Cellular'),
    condpago: names.paymentTerms.get(num(bp, 'PayTermsGrpCode')) ?? '',
    credAprob: num(bp, 'CreditLimit'),
    limitecred: availableCredit(bp),
    descFidel: num(bp, F.customer.loyaltyDiscount),
    fidelizacion: text(bp, F.customer.loyaltyLevel),
    morosidad: blockingFlag(bp[F.customer.blocking.morosidad]),
    interes: blockingFlag(bp[F.customer.blocking.interes]),
    protesto: blockingFlag(bp[F.customer.blocking.protesto]),
    prorroga: blockingFlag(bp[F.customer.blocking.prorroga]),
    factura,
    despacho,
  };
}

/**
 * The PATCH body for POST /user/b1/update-profile. Addresses are merged by (AddressName, AddressType): a known
 * name updates that address, an empty one adds a new address named after the next free number.
 */
export function toCustomerPatch(update: CustomerUpdate, existing: readonly B1Address[] = []): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (update.giro !== undefined) patch[F.customer.giro] = update.giro;
  if (update.mail !== undefined) patch.EmailAddress = update.mail;
  if (update.telefono !== undefined) patch.Phone1 = update.telefono;
  if (update.direcciones?.length) {
    const taken = new Set(existing.map((a) => `${a.AddressType}:${a.AddressName}`));
    patch.BPAddresses = update.direcciones.map((d) => {
      const type = d.addressType === 'B' ? 'bo_BillTo' : 'bo_ShipTo';
      let name = d.iddespacho?.trim() ?? '';
      if (!name) {
        const prefix = d.addressType === 'B' ? 'FACTURACION' : 'DESPACHO';
        for (let n = 1; !name || taken.has(`${type}:${name}`); n++) name = `${prefix} ${n}`;
        taken.add(`${type}:${name}`);
      }
      const known = existing.find((a) => a.AddressType === type && a.AddressName === name);
      return {
        AddressName: name,
        AddressType: type,
        ...(known?.RowNum !== undefined ? { RowNum: known.RowNum } : {}),
        [F.address.street]: d.direccion,
        [F.address.commune]: d.comuna,
        [F.address.region]: d.region,
        [F.address.country]: d.pais,
      };
    });
  }
  return patch;
}

// ---------------------------------------------------------------------------------------------------------------
// Contact persons (the people of a buying company)
// ---------------------------------------------------------------------------------------------------------------

/** What the contact persons are read with: the partner's type (a customer's only) and its collection. */
export const CONTACTS_SELECT: readonly string[] = ['CardCode', 'CardType', 'ContactEmployees'];

/** B1 keeps a contact's Name in 50 characters. */
export const CONTACT_NAME_MAX = 50;

// ---------------------------------------------------------------------------------------------------------------
// Sales employees and a rep's customers
// ---------------------------------------------------------------------------------------------------------------

/** B1's "no sales employee": the SalesPersons row every company has, and the SalesPersonCode of a partner without one. */
export const NO_SALES_EMPLOYEE = -1;

export const SALES_PERSON_SELECT: readonly string[] = ['SalesEmployeeCode', 'SalesEmployeeName', 'Active', 'Email', 'Mobile'];

export function toSalesEmployee(p: B1SalesPerson): SalesEmployee {
  return {
    code: p.SalesEmployeeCode,
    name: text(p, 'SalesEmployeeName'),
    email: text(p, 'Email'),
    mobile: text(p, 'Mobile'),
    active: p.Active !== 'tNO',
  };
}

/** A SalesPersonCode as the portal keeps it: null for none (-1, empty). */
export function salesPersonCode(value: unknown): number | null {
  const code = value === null || value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(code) && code !== NO_SALES_EMPLOYEE ? code : null;
}

/** The fields of BusinessPartners a rep's customer list needs. */
export const REP_CUSTOMER_SELECT: readonly string[] = [
  'CardCode', 'CardName', F.customer.rut, 'CreditLimit', 'CurrentAccountBalance', 'OpenOrdersBalance', 'BilltoDefault', 'BPAddresses',
  'SalesPersonCode', ...Object.values(F.customer.blocking),
];

export function toRepCustomer(bp: B1BusinessPartner): RepCustomer {
  const bills = (bp.BPAddresses ?? []).filter((a) => a.AddressType === 'bo_BillTo');
  const billing = bills.find((a) => a.AddressName === bp.BilltoDefault) ?? bills[0];
  const rut = text(bp, F.customer.rut);
  return {
    idcliente: bp.CardCode,
    rut: rut ? compactRut(rut) : '',
    nombre: text(bp, 'CardName'),
    comuna: billing ? text(billing, F.address.commune) : '',
    credAprob: num(bp, 'CreditLimit'),
    limitecred: availableCredit(bp),
    saldo: roundPesos(num(bp, 'CurrentAccountBalance')),
    morosidad: blockingFlag(bp[F.customer.blocking.morosidad]),
    interes: blockingFlag(bp[F.customer.blocking.interes]),
    protesto: blockingFlag(bp[F.customer.blocking.protesto]),
    prorroga: blockingFlag(bp[F.customer.blocking.prorroga]),
    vendedor: salesPersonCode(bp.SalesPersonCode),
  };
}

export function toContactPerson(c: B1ContactEmployee): ContactPerson {
  return {
    code: c.InternalCode,
    name: text(c, 'Name'),
    firstName: text(c, 'FirstName'),
    lastName: text(c, 'LastName'),
    email: text(c, F.contact.email),
    phone: text(c, F.contact.phone),
    position: text(c, 'Position'),
    rut: text(c, F.contact.rut),
    active: c.Active !== 'tNO',
  };
}

/** An e-mail as the portal compares them: trimmed, lower case. */
export const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The ERP's Name for a person: first name and surnames, in at most CONTACT_NAME_MAX characters, unique (as B1
 * compares, ignoring case) among `taken`: ' (2)', ' (3)'… is added when another contact has it.
 */
export function contactName(firstName: string, lastName: string, taken: readonly string[]): string {
  const base = `${firstName} ${lastName}`.replace(/\s+/g, ' ').trim();
  const used = new Set(taken.map((name) => name.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const name = `${base.slice(0, CONTACT_NAME_MAX - suffix.length).trim()}${suffix}`;
    if (!used.has(name.toLowerCase())) return name;
  }
}

/** A ContactEmployees line with the fields of `changes` that are present (a new contact also needs its Name). */
export function toContactLine(changes: ContactPersonChanges, name?: string): Record<string, unknown> {
  const line: Record<string, unknown> = {};
  if (name !== undefined) line.Name = name;
  if (changes.firstName !== undefined) line.FirstName = changes.firstName.trim();
  if (changes.lastName !== undefined) line.LastName = changes.lastName.trim();
  if (changes.email !== undefined) line[F.contact.email] = changes.email.trim();
  if (changes.phone !== undefined) line[F.contact.phone] = changes.phone.trim() || null;
  if (changes.position !== undefined) line.Position = changes.position.trim() || null;
  if (changes.rut !== undefined) line[F.contact.rut] = changes.rut.trim() ? compactRut(changes.rut) : null;
  if (changes.active !== undefined) line.Active = changes.active ? 'tYES' : 'tNO';
  return line;
}

export const toRegion = (state: { Code: string; Name: string; Country: string }): Region => ({
  idregion: state.Code,
  region: state.Name,
  idpais: state.Country,
});

export const toCountry = (country: { Code: string; Name: string }): Country => ({ idpais: country.Code, pais: country.Name });

export const toTransport = (row: { Code: string; Name: string }): Transport => ({ idTransporte: row.Code, transporte: row.Name });

// ---------------------------------------------------------------------------------------------------------------
// Items, styles and the catalogue
// ---------------------------------------------------------------------------------------------------------------

/** The fields of Items the catalogue and product detail need. */
export const ITEM_SELECT: readonly string[] = [...new Set([
  'ItemCode', 'ItemName', 'QuantityOnStock', 'SalesItem', 'Valid', 'ItemPrices', 'ItemWarehouseInfoCollection',
  ...Object.values(F.item),
])];

/** Filter of the items the portal sells. */
export const SELLABLE_ITEMS_FILTER = "SalesItem eq 'tYES' and Valid eq 'tYES'";

/** SELLABLE_ITEMS_FILTER on an item already read (a changed item may have stopped being sellable). */
export const isSellable = (item: Pick<B1Item, 'SalesItem' | 'Valid'>): boolean => item.SalesItem === 'tYES' && item.Valid === 'tYES';

/**
 * The fields the catalogue snapshot keeps of every item (no long texts: the product detail reads those per style),
 * plus the change stamps its refresh by change needs.
 */
export const CATALOGUE_ITEM_SELECT: readonly string[] = [...new Set([
  'ItemCode', 'ItemName', 'QuantityOnStock', 'SalesItem', 'Valid', 'ItemPrices', 'ItemWarehouseInfoCollection',
  F.item.style, F.item.size, F.item.colour, F.item.model, F.item.gender, F.item.category, F.item.subcategory, F.item.level3, F.item.styleName,
  F.itemChange.date, ...(F.itemChange.time ? [F.itemChange.time] : []),
])];

/**
 * An item's change stamp as one sortable text, 'YYYY-MM-DD HH:MM:SS' ('YYYY-MM-DD' without a time field); '' when
 * the ERP gave none. B1 sends the time as 'HH:MM:SS' (some versions 'HHMMSS' or 'HH:MM').
 */
export function changeStamp(item: B1Item | B1Document): string {
  const date = isoDate(text(item, F.itemChange.date));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  if (!F.itemChange.time) return date;
  const raw = text(item, F.itemChange.time);
  const m = /^(\d{1,2}):?(\d{2}):?(\d{2})?/.exec(raw);
  return m ? `${date} ${m[1].padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}` : date;
}

/** One size of a style, in the portal's words, independent of the ERP's field names. */
export interface ItemRecord {
  itemCode: string;
  name: string;
  style: string;
  styleName: string;
  size: string;
  colour: string;
  /** The model the style is a colour of (its own style code when the ERP names none). */
  model?: string;
  gender: string;
  category: string;
  subcategory: string;
  level3: string;
  technologies: string[];
  longDescription: string;
  specification: string;
  listPrice: number;
  /** Available now in the portal's warehouse: InStock − Committed, never below 0 (what arrives is `arrivals`). */
  stock: number;
  /** Units on open purchase orders (B1's Ordered), in the portal's warehouse. */
  ordered: number;
  /** Units sold beyond the stock on hand (Committed − InStock, when positive): they take the first arrivals. */
  backlog: number;
  /**
   * The open purchase-order lines of the size in the portal's warehouse, merged per date (docs/incoming.md): read with
   * the catalogue's items (ItemMirror), absent when nothing is on order. Never the supplier, cost or document.
   */
  arrivals?: Arrivals;
}

/**
 * The warehouse figures of an item (docs/protocols.md, SAP B1) in the portal's warehouse (or all warehouses when none
 * is configured): on hand and free now (InStock − Committed), on order (Ordered), and sold beyond what is on hand.
 * Without warehouse lines, QuantityOnStock is all we know.
 */
export function warehouseFigures(
  item: Pick<B1Item, 'ItemWarehouseInfoCollection' | 'QuantityOnStock'>,
  warehouseCode: string | null = S.warehouseCode,
): { stock: number; ordered: number; backlog: number } {
  const lines = item.ItemWarehouseInfoCollection;
  if (!lines) return { stock: Math.max(0, Math.floor(num(item, 'QuantityOnStock'))), ordered: 0, backlog: 0 };
  const chosen = warehouseCode === null ? lines : lines.filter((line) => line.WarehouseCode === warehouseCode);
  let free = 0;
  let ordered = 0;
  for (const line of chosen) {
    free += num(line, 'InStock') - num(line, 'Committed');
    ordered += num(line, 'Ordered');
  }
  return { stock: Math.max(0, Math.floor(free)), ordered: Math.max(0, Math.floor(ordered)), backlog: Math.max(0, Math.ceil(-free)) };
}

/** Stock available now: InStock − Committed of the portal's warehouse, never below 0 (see warehouseFigures). */
export function availableStock(item: Pick<B1Item, 'ItemWarehouseInfoCollection' | 'QuantityOnStock'>, warehouseCode: string | null = S.warehouseCode): number {
  return warehouseFigures(item, warehouseCode).stock;
}

export function listPrice(item: Pick<B1Item, 'ItemPrices'>, priceList: number = S.listPriceList): number {
  const price = item.ItemPrices?.find((p) => p.PriceList === priceList)?.Price;
  return roundPesos(Number(price ?? 0));
}

/** `priceList` defaults to the catalogue's list price list; pass a customer's PriceListNum for its own prices. */
export function toItemRecord(item: B1Item, priceList: number = S.listPriceList): ItemRecord {
  const style = text(item, F.item.style) || item.ItemCode; // an item without style is a style of one size
  return {
    itemCode: item.ItemCode,
    name: text(item, 'ItemName'),
    style,
    styleName: text(item, F.item.styleName) || text(item, 'ItemName'),
    size: text(item, F.item.size),
    colour: text(item, F.item.colour),
    model: text(item, F.item.model) || style,
    gender: text(item, F.item.gender),
    category: text(item, F.item.category),
    subcategory: text(item, F.item.subcategory),
    level3: text(item, F.item.level3),
    technologies: text(item, F.item.technologies).split(',').map((id) => id.trim()).filter(Boolean),
    longDescription: text(item, F.item.longDescription),
    specification: text(item, F.item.specification),
    listPrice: listPrice(item, priceList),
    ...warehouseFigures(item),
  };
}

const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', '3XL', '4XL'];

type SizeRank = readonly [group: number, order: number, text: string];
/** Ranks of the sizes seen (a catalogue has few distinct sizes and sorts 100k of them). */
const sizeRanks = new Map<string, SizeRank>();

function sizeRank(size: string): SizeRank {
  let rank = sizeRanks.get(size);
  if (rank) return rank;
  const letter = LETTER_SIZES.indexOf(size.toUpperCase());
  const numeric = Number(size.replace(',', '.'));
  rank = letter >= 0 ? [0, letter, ''] : size !== '' && Number.isFinite(numeric) ? [1, numeric, ''] : [2, 0, size];
  if (sizeRanks.size < 10_000) sizeRanks.set(size, rank);
  return rank;
}

/** Letter sizes in garment order, then numeric sizes ascending, then anything else alphabetically. */
export function compareSizes(a: string, b: string): number {
  if (a === b) return 0;
  const [ga, na, sa] = sizeRank(a);
  const [gb, nb, sb] = sizeRank(b);
  return ga - gb || na - nb || (sa === sb ? 0 : sa.localeCompare(sb, 'es'));
}

/** Groups sizes by style, each style's sizes in garment order, styles in first-seen order. */
export function groupByStyle(records: readonly ItemRecord[]): Map<string, ItemRecord[]> {
  const styles = new Map<string, ItemRecord[]>();
  for (const record of records) {
    const sizes = styles.get(record.style);
    if (sizes) sizes.push(record);
    else styles.set(record.style, [record]);
  }
  for (const sizes of styles.values()) sizes.sort((a, b) => compareSizes(a.size, b.size));
  return styles;
}

/** The style's list price: the lowest positive price among its sizes (sizes normally share one price). */
function styleListPrice(sizes: readonly ItemRecord[]): number {
  const prices = sizes.map((s) => s.listPrice).filter((p) => p > 0);
  return prices.length ? Math.min(...prices) : 0;
}

/** The list price of the style's dearest size (its larger sizes may cost more than `styleListPrice`). */
function styleTopListPrice(sizes: readonly ItemRecord[]): number {
  return sizes.reduce((top, s) => Math.max(top, s.listPrice), 0);
}

/**
 * Catalogue and search rows: ONE ROW PER STYLE (sku = style code, what /user/product-detail/:sku takes), with
 * stock = the sum of its sizes' available stock. categoria/tipo/variante are the three catalogue levels, which is
 * what the catalogue-detail screen filters by (category, scategory, sscategory).
 */
export function toCatalogueItems(records: readonly ItemRecord[], imageFor: (sku: string) => string = () => '', today = chileTodayIso()): CatalogueItem[] {
  return [...groupByStyle(records)].map(([style, sizes]) => {
    let porLlegar = 0;
    let llegada = '';
    let hasta = '';
    for (const size of sizes) {
      const incoming = incomingOf(size, today);
      porLlegar += incomingTotal(incoming);
      if (incoming.length && (!llegada || incoming[0]!.fecha < llegada)) llegada = incoming[0]!.fecha;
      if (incoming.length && incoming.at(-1)!.fecha > hasta) hasta = incoming.at(-1)!.fecha;
    }
    return {
      sku: style,
      descripcion: sizes[0].styleName,
      genero: sizes[0].gender,
      stock: sizes.reduce((sum, s) => sum + s.stock, 0),
      preciolista: styleListPrice(sizes),
      preciolistaHasta: styleTopListPrice(sizes),
      categoria: sizes[0].category,
      tipo: sizes[0].subcategory,
      variante: sizes[0].level3,
      urlImage: imageFor(style),
      ...(porLlegar > 0 ? { porLlegar, llegada, ...(hasta > llegada ? { llegadaHasta: hasta } : {}) } : {}),
    };
  });
}

/** `porLlegar` when something arrives (absent otherwise: the answers of sizes with nothing coming stay as they were). */
const withIncoming = (incoming: IncomingStock[]): { porLlegar?: IncomingStock[] } => (incoming.length ? { porLlegar: incoming } : {});

/**
 * What arrives of a size and is still free to promise, by date (docs/incoming.md): its purchase-order arrivals less
 * what the ERP sold beyond its stock and `promised` (the portal's own pre-orders the ERP does not hold yet).
 */
export function incomingOf(record: Pick<ItemRecord, 'arrivals' | 'ordered' | 'backlog'>, today = chileTodayIso(), promised = 0): IncomingStock[] {
  return freeIncoming(record.arrivals, { ordered: record.ordered, backlog: record.backlog, promised, today });
}

/** Category → subcategory → third level, each level sorted (Spanish collation), empty names left out. */
export function toCatalogueTree(records: readonly ItemRecord[]): CatalogueTree {
  const tree = new Map<string, Map<string, Set<string>>>();
  for (const r of records) {
    if (!r.category) continue;
    const subs = tree.get(r.category) ?? tree.set(r.category, new Map()).get(r.category)!;
    if (!r.subcategory) continue;
    const level3 = subs.get(r.subcategory) ?? subs.set(r.subcategory, new Set()).get(r.subcategory)!;
    if (r.level3) level3.add(r.level3);
  }
  const sorted = <T>(entries: Iterable<[string, T]>) => [...entries].sort(([a], [b]) => a.localeCompare(b, 'es'));
  return {
    categorias: sorted(tree).map(([descr, subs]) => ({
      descr,
      subcategorias: sorted(subs).map(([sub, level3]) => ({
        descr: sub,
        nivel3: [...level3].sort((a, b) => a.localeCompare(b, 'es')).map((d) => ({ descr: d })),
      })),
    })),
  };
}

/** Looks up the portal's offer for a size's ItemCode or, failing that, for its style code. */
export type OfferLookup = (sku: string) => PortalOffer | undefined;

function offerPrices(price: number, offer: PortalOffer | undefined): { precioOferta: number; descuento: number } {
  if (!offer || !(offer.descuento > 0)) return { precioOferta: 0, descuento: 0 };
  return { precioOferta: offer.precioOferta ?? offerPrice(price, offer.descuento), descuento: offer.descuento };
}

/**
 * ERP product detail of one style. precioOferta and descuento come from the portal's offers (`offerFor`);
 * without an offer both are 0 (the variants table hides the offer column when no variant has one).
 */
export function toProductDetail(sizes: readonly ItemRecord[], offerFor: OfferLookup = () => undefined, today = chileTodayIso()): ProductDetail {
  if (sizes.length === 0) throw new RangeError('A style needs at least one size');
  const ordered = [...sizes].sort((a, b) => compareSizes(a.size, b.size));
  const first = ordered[0];
  const precio = styleListPrice(ordered);
  const relacionados: RelatedVariant[] = ordered.map((s) => ({
    sku: s.itemCode,
    talla: s.size,
    stock: s.stock,
    preciolista: s.listPrice,
    ...offerPrices(s.listPrice, offerFor(s.itemCode) ?? offerFor(s.style)),
    descripcion: s.name,
    ...withIncoming(incomingOf(s, today)),
  }));
  const styleOffer = offerFor(first.style) ?? ordered.map((s) => offerFor(s.itemCode)).find((o) => o && o.descuento > 0);
  return {
    estilo: first.style,
    color: first.colour,
    nombre: first.styleName,
    descr: first.longDescription,
    especificacion: first.specification,
    precio,
    ...offerPrices(precio, styleOffer),
    tecnologias: first.technologies.map((idtecnologia) => ({ idtecnologia })),
    relacionados,
  };
}

/**
 * One colour of a model for the grid (docs/size-grid.md): a style's detail cut down to what a row needs, its offer
 * as the detail's own.
 */
export function toProductColour(detail: ProductDetail): ProductColour {
  return {
    sku: detail.estilo ?? '',
    color: detail.color ?? '',
    precio: detail.precio,
    precioOferta: detail.precioOferta,
    descuento: detail.descuento,
    relacionados: detail.relacionados,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Documents: pending payments and purchase history
// ---------------------------------------------------------------------------------------------------------------

export const PENDING_SELECT: readonly string[] = ['DocEntry', 'DocNum', 'DocDate', 'DocTotal', 'PaidToDate', 'FolioNumber'];

/** An open invoice as a pending payment; the folio is the DTE number (DocNum when the ERP has none). */
export function toPendingDocument(invoice: B1Document): PendingDocument {
  const total = num(invoice, 'DocTotal');
  return {
    folio: String(invoice.FolioNumber ?? invoice.DocNum ?? invoice.DocEntry),
    fecha: isoDate(invoice.DocDate),
    totalBruto: total,
    saldoaPagar: Math.max(0, roundPesos(total - num(invoice, 'PaidToDate'))),
    docEntry: invoice.DocEntry,
  };
}

export const HISTORY_ORDER_SELECT: readonly string[] = [
  'DocEntry', 'DocNum', 'DocDate', 'CardCode', 'NumAtCard', 'DocumentStatus', 'Cancelled', F.order.pickupType,
];
export const HISTORY_FOLLOWUP_SELECT: readonly string[] = ['DocEntry', 'DocNum', 'FolioNumber', 'Cancelled', 'DocumentLines'];

function basedOn(doc: B1Document, baseType: number, baseEntry: number): boolean {
  return (doc.DocumentLines ?? []).some((line) => line.BaseType === baseType && line.BaseEntry === baseEntry);
}

/** 'Abierto', 'Cerrado' or 'Cancelado'. */
export function orderState(order: Pick<B1Document, 'DocumentStatus' | 'Cancelled'>): string {
  if (order.Cancelled === 'tYES') return 'Cancelado';
  return order.DocumentStatus === 'bost_Open' ? 'Abierto' : 'Cerrado';
}

/**
 * Purchase history row of one sales order. numPedido is the ERP order number (DocNum); the invoice and credit
 * note are found through their lines' base documents (invoice line → order, credit-note line → invoice); the
 * DTE is the invoice's electronic folio. entrega is the delivery (the guía de despacho, `DeliveryNotes` whose lines copy
 * the order's), and an invoice made from that delivery is the order's too. A missing document is '0' (shown as '-');
 * several are joined with ', '.
 */
export function toHistoryHeader(
  order: B1Document,
  invoices: readonly B1Document[],
  creditNotes: readonly B1Document[],
  deliveries: readonly B1Document[] = [],
): PurchaseHistoryHeader {
  const live = (doc: B1Document) => doc.Cancelled !== 'tYES';
  const orderDeliveries = deliveries.filter((d) => live(d) && basedOn(d, S.baseTypeOrder, order.DocEntry));
  const orderInvoices = invoices.filter(
    (inv) => live(inv) && (basedOn(inv, S.baseTypeOrder, order.DocEntry) || orderDeliveries.some((d) => basedOn(inv, S.baseTypeDelivery, d.DocEntry))),
  );
  const notes = creditNotes.filter((cn) => live(cn) && orderInvoices.some((inv) => basedOn(cn, S.baseTypeInvoice, inv.DocEntry)));
  const join = (values: (number | null | undefined)[]) => values.filter((v) => v !== null && v !== undefined).join(', ') || S.noDocument;
  return {
    docEntry: order.DocEntry,
    numPedido: String(order.DocNum ?? order.DocEntry),
    fecha: isoDate(order.DocDate),
    tipoRetiro: text(order, F.order.pickupType),
    entrega: join(orderDeliveries.map((d) => d.DocNum)),
    estado: orderState(order),
    numFactura: join(orderInvoices.map((inv) => inv.DocNum)),
    numNotaCredito: join(notes.map((cn) => cn.DocNum)),
    dte: join(orderInvoices.map((inv) => inv.FolioNumber)),
    ordenPortal: portalOrderNumberOf(order),
  };
}

/** The portal order number an ERP sales order carries as its NumAtCard (OC000042, RE000007), or ''. */
export function portalOrderNumberOf(order: Pick<B1Document, 'NumAtCard'>): string {
  const reference = (order.NumAtCard ?? '').trim().toUpperCase();
  return /^(OC|RE)\d{6,}$/.test(reference) ? reference : '';
}

export function toHistoryLine(line: B1DocumentLine): PurchaseHistoryLine {
  return {
    lineNum: line.LineNum,
    itemCode: text(line, 'ItemCode'),
    descripcion: text(line, 'ItemDescription'),
    cantidad: num(line, 'Quantity'),
    totalNeto: num(line, 'LineTotal'),
  };
}
