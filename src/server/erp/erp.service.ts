// The ERP operations the API needs, in the portal's words. Free of Fastify: routes call these and answer what they
// return; an ErpError carries the status and Spanish message to answer with. Field names come from mapping.ts.
import { compactRut, formatRut, isValidRut } from '@shared/rut';
import type { Arrivals, IncomingStock } from '@shared/incoming';
import type { B1BusinessPartner, B1Country, B1Document, B1Item, B1PaymentTerms, B1State, B1UserTableRow } from './b1Types';
import { ErpError, ERP_MESSAGES } from './errors';
import {
  B1_FIELDS,
  B1_SETTINGS,
  CUSTOMER_SELECT,
  HISTORY_FOLLOWUP_SELECT,
  HISTORY_ORDER_SELECT,
  ITEM_SELECT,
  PENDING_SELECT,
  SELLABLE_ITEMS_FILTER,
  compareSizes,
  regionKey,
  toCountry,
  toCustomerPatch,
  toCustomerProfile,
  toHistoryHeader,
  toHistoryLine,
  incomingOf,
  toItemRecord,
  toPendingDocument,
  toRegion,
  toTransport,
  type ItemRecord,
  type ReferenceNames,
} from './mapping';
import { anyOf, entity, filter, literal } from './odata';
import type {
  ContactPerson, ContactPersonChanges, ContactPersonInput, Country, CustomerProfile, CustomerUpdate, PendingDocument, PurchaseHistoryHeader,
  CustomerLastOrder, PurchaseHistoryLine, Region, RepCustomerPage, SalesEmployee, Transport,
} from '@shared/api/erp';
import { ContactPersons, type AddedContactPerson, type ContactPersonsOptions } from './contactPersons';
import { SalesPersons, type CustomersPage } from './salesPersons';
import { AccountDocuments, type AccountOrigin } from './accountDocuments';
import type { AccountDocument, AccountDocumentKind, AccountPayment, AccountPeriod, DteFile, DteFileFormat } from '@shared/api/account';
import type { ServiceLayerClient } from './serviceLayer';
import { ItemMirror, type ItemMirrorOptions, type ItemSet, type ItemSource } from './itemMirror';
import type { SalesOrderDocument } from './salesOrders';
import type { IncomingPaymentDocument } from './incomingPayments';
import type { ErpExchangeObserver } from './serviceLayer';
import { COMPANY_SELECT, INVOICE_FOLLOWUP_SELECT, ordersOfDeliveries, rutForms, toCompanyRef, toInvoiceFollowUp, type CompanyRef, type InvoiceFollowUp } from './followUp';

/** How the portal treats creates whose outcome it does not know (docs/exactly-once.md). */
export interface ErpCreatePolicy {
  /**
   * How long the ERP may still be working on a create whose answer never came (B1 keeps processing after the client
   * gave up): until then a retry only looks the document up; after it, a look-up that finds nothing is trusted.
   */
  settleMs: number;
  /**
   * Inside that window, the pause between look-ups: `lookupFirstMs` at first, doubling with the time since the create
   * left, up to `lookupMaxMs` (createOnce's nextLookupMs): the first look-up that finds the document settles it.
   */
  lookupFirstMs: number;
  lookupMaxMs: number;
  /** How often a document waiting for the ERP's approval procedure is looked at again. */
  approvalPollMs: number;
}

export const DEFAULT_CREATE_POLICY: ErpCreatePolicy = { settleMs: 3 * 60_000, lookupFirstMs: 1_000, lookupMaxMs: 8_000, approvalPollMs: 5 * 60_000 };

/** What the ERP holds for one portal order number (NumAtCard) of a customer. */
export type SalesDocumentState =
  | { kind: 'order'; docEntry: number; docNum: number }
  /** A Draft made by an approval procedure; `approval` is what its approval request says. */
  | { kind: 'draft'; draftEntry: number; approval: 'pending' | 'approved' | 'rejected'; remarks?: string };

/** B1's approval request states (ApprovalRequests.Status) in the portal's words. */
const APPROVAL_STATES: Record<string, 'pending' | 'approved' | 'rejected'> = {
  arsPending: 'pending',
  arsApproved: 'approved',
  arsGenerated: 'approved',
  arsGeneratedByAuthorizer: 'approved',
  arsNotApproved: 'rejected',
  arsCancelled: 'rejected',
};

/** The Service Layer's answer to a create that went to an approval procedure (a Draft was made instead). */
export const APPROVAL_ERROR_CODE = -2028;

export interface ErpServiceOptions extends Partial<ErpCreatePolicy> {
  /** How long countries, regions, payment terms and transports are kept in memory. Default 10 minutes. */
  referenceTtlMs?: number;
  /** Rows per page when reading whole collections. Default 100. */
  pageSize?: number;
  /**
   * Rows per page of a customer's account documents and payments (pages are read one after another, so a statement
   * of a thousand documents in pages of 100 waits for ten round trips). Default `pageSize` when set, else 1000.
   */
  accountPageSize?: number;
  /**
   * How the catalogue's items are read (pages of 1000, 6 at a time, a full read every 5 minutes and reads by change
   * between them): see ItemMirror.
   */
  items?: ItemMirrorOptions;
  /** Timeout of the readiness ping. Default 3 000 ms. */
  pingTimeoutMs?: number;
  /** How an add of a contact person whose outcome is unknown is settled (contactPersons.ts). */
  contacts?: ContactPersonsOptions;
  now?: () => number;
}

/** `map` over a list, computed once per list object and frozen (a reloaded list is a new object, mapped again). */
function mappedOnce<S, T extends object>(map: (s: S) => T): (source: readonly S[]) => readonly T[] {
  const done = new WeakMap<readonly S[], readonly T[]>();
  return (source) => {
    let out = done.get(source);
    if (!out) {
      out = Object.freeze(source.map((s) => Object.freeze(map(s))));
      done.set(source, out);
    }
    return out;
  };
}

/** Keeps a value for a while; concurrent first calls share one load; a failed load is not kept. */
class Cached<T> {
  private value?: { data: T; until: number };
  private loading?: Promise<T>;
  constructor(private readonly load: () => Promise<T>, private readonly ttlMs: number, private readonly now: () => number) {}

  get(): Promise<T> {
    if (this.value && this.value.until > this.now()) return Promise.resolve(this.value.data);
    this.loading ??= this.load()
      .then((data) => {
        this.value = { data, until: this.now() + this.ttlMs };
        return data;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}

const F = B1_FIELDS;
const ITEMS_PER_QUERY = 20; // keeps an `ItemCode eq … or …` filter well under URL limits

export class ErpService {
  private readonly pageSize: number;
  private readonly pingTimeoutMs: number;
  private readonly countries: Cached<B1Country[]>;
  private readonly states: Cached<B1State[]>;
  private readonly paymentTerms: Cached<B1PaymentTerms[]>;
  private readonly transports: Cached<B1UserTableRow[]>;
  private readonly mirror: ItemMirror;
  /** Where the catalogue's items come from: the mirror itself, or the cluster's one reader over it (shareItems). */
  private items: ItemSource;
  private readonly itemPaging: { pageSize: number; concurrency: number };
  private readonly contacts: ContactPersons;
  private readonly salesEmployees: SalesPersons;
  private readonly accountDocuments: AccountDocuments;
  private policy: ErpCreatePolicy;

  constructor(private readonly sl: ServiceLayerClient, options: ErpServiceOptions = {}) {
    this.policy = {
      settleMs: options.settleMs ?? DEFAULT_CREATE_POLICY.settleMs,
      lookupFirstMs: options.lookupFirstMs ?? DEFAULT_CREATE_POLICY.lookupFirstMs,
      lookupMaxMs: options.lookupMaxMs ?? DEFAULT_CREATE_POLICY.lookupMaxMs,
      approvalPollMs: options.approvalPollMs ?? DEFAULT_CREATE_POLICY.approvalPollMs,
    };
    const ttl = options.referenceTtlMs ?? 10 * 60_000;
    const now = options.now ?? Date.now;
    this.pageSize = options.pageSize ?? 100;
    this.pingTimeoutMs = options.pingTimeoutMs ?? 3_000;
    const all = <T>(path: string, select: string[], orderby?: string) =>
      new Cached(() => this.sl.getAll<T>(path, { select, orderby }, { pageSize: this.pageSize }), ttl, now);
    this.countries = all<B1Country>('Countries', ['Code', 'Name'], 'Name');
    this.states = all<B1State>('States', ['Code', 'Name', 'Country'], 'Country,Code');
    this.paymentTerms = all<B1PaymentTerms>('PaymentTermsTypes', ['GroupNumber', 'PaymentTermsGroupName']);
    this.transports = all<B1UserTableRow>(B1_SETTINGS.transportTable, ['Code', 'Name'], 'Code');
    this.mirror = new ItemMirror(sl, { now, ...options.items });
    this.items = this.mirror;
    this.itemPaging = { pageSize: options.items?.pageSize ?? 1000, concurrency: options.items?.concurrency ?? 6 };
    this.contacts = new ContactPersons(sl, (cardCode, select) => this.businessPartner(cardCode, select), { now, ...options.contacts });
    this.salesEmployees = new SalesPersons(sl, (cardCode, select) => this.businessPartner(cardCode, select), this.pageSize);
    this.accountDocuments = new AccountDocuments(sl, options.accountPageSize ?? options.pageSize ?? 1000);
  }

  // --- customers ---

  /** The customer whose rut (with or without dots) is `rut`; null when the ERP has none. */
  async getCustomerByRut(rut: string): Promise<CustomerProfile | null> {
    if (!isValidRut(rut)) return null;
    const forms = [...new Set([compactRut(rut), formatRut(rut)])];
    const rows = await this.sl.get<{ value: B1BusinessPartner[] }>('BusinessPartners', {
      select: CUSTOMER_SELECT,
      filter: `${anyOf(F.customer.rut, forms)} and ${filter`CardType eq ${B1_SETTINGS.customerCardType}`}`,
      top: 1,
    });
    const bp = rows.value[0];
    return bp ? toCustomerProfile(bp, await this.referenceNames()) : null;
  }

  /** The customer `cardCode`; ErpError 404 when the ERP has none (or it is not a customer). */
  async getCustomer(cardCode: string): Promise<CustomerProfile> {
    const bp = await this.businessPartner(cardCode, CUSTOMER_SELECT);
    return toCustomerProfile(bp, await this.referenceNames());
  }

  /** Changes giro, e-mail, phone and addresses (others keep their values) and answers the new profile. */
  async updateCustomer(cardCode: string, update: CustomerUpdate): Promise<CustomerProfile> {
    const current = await this.businessPartner(cardCode, ['CardCode', 'CardType', 'BPAddresses']);
    if (update.direcciones?.length) {
      // The ERP would take any code: the region must be one of the chosen country's (spec: region list filtered by country).
      const regions = new Set((await this.states.get()).map((s) => regionKey(s.Country, s.Code)));
      if (update.direcciones.some((d) => !regions.has(regionKey(d.pais, d.region)))) {
        throw new ErpError({ status: 400, code: 'ERP_REJECTED', message: ERP_MESSAGES.regionNotInCountry });
      }
    }
    const patch = toCustomerPatch(update, current.BPAddresses ?? []);
    if (Object.keys(patch).length > 0) await this.sl.patch(entity('BusinessPartners', cardCode), patch);
    return this.getCustomer(cardCode);
  }

  // --- the people of a customer: its contact persons (erp/contactPersons.ts) ---

  /** The customer's contact persons; ErpError 404 when the ERP has no such customer. */
  contactPersons(cardCode: string): Promise<ContactPerson[]> {
    return this.contacts.list(cardCode);
  }

  /**
   * Adds `person` as a contact of the customer exactly once, or links the contact that has its e-mail already
   * (`linked`); answers the contact with its code (InternalCode). See ContactPersons.add.
   */
  addContactPerson(cardCode: string, person: ContactPersonInput): Promise<AddedContactPerson> {
    return this.contacts.add(cardCode, person);
  }

  /** Changes the given fields of the customer's contact `code`; ErpError 404 when it has no such contact. */
  updateContactPerson(cardCode: string, code: number, changes: ContactPersonChanges): Promise<ContactPerson> {
    return this.contacts.update(cardCode, code, changes);
  }

  /** Activates or deactivates the customer's contact `code`. */
  setContactPersonActive(cardCode: string, code: number, active: boolean): Promise<ContactPerson> {
    return this.contacts.setActive(cardCode, code, active);
  }

  // --- sales employees (reps) and the customers assigned to them: erp/salesPersons.ts ---

  /** The ERP's sales employees (only the active ones with `activeOnly`), without B1's "no sales employee" row. */
  salesPersons(options: { activeOnly?: boolean } = {}): Promise<SalesEmployee[]> {
    return this.salesEmployees.list(options);
  }

  /** Sales employee `code`, active or not; ErpError 404 when the ERP has none. */
  salesPerson(code: number): Promise<SalesEmployee> {
    return this.salesEmployees.one(code);
  }

  /** A page of the customers the ERP assigns to sales employee `code` (their SalesPersonCode), searched and sorted as `page` says, and the total. */
  customersOfSalesPerson(code: number, page: CustomersPage = {}): Promise<RepCustomerPage> {
    return this.salesEmployees.customers(code, page);
  }

  /** A page of every customer (CardType cCustomer), searched and sorted as `page` says, and the total. */
  customers(page: CustomersPage = {}): Promise<RepCustomerPage> {
    return this.salesEmployees.customers('all', page);
  }

  /** What each of these customers owes past its due date (open invoices), by CardCode; one ERP query. */
  overdueBalances(cardCodes: readonly string[], today: string): Promise<Map<string, number>> {
    return this.salesEmployees.overdue(cardCodes, today);
  }

  /** Each of these customers' newest ERP sales order, by CardCode. */
  lastSalesOrders(cardCodes: readonly string[]): Promise<Map<string, CustomerLastOrder>> {
    return this.salesEmployees.lastOrders(cardCodes);
  }

  /** The customer's sales employee as the ERP has it now (null: none); ErpError 404 when the ERP has no such customer. */
  salesPersonOf(cardCode: string): Promise<number | null> {
    return this.salesEmployees.of(cardCode);
  }

  // --- the customer's current account: erp/accountDocuments.ts (docs/account.md) ---

  /** What the ERP says the customer owes now (CurrentAccountBalance), its credit limit and its open orders; 404 when no such customer. */
  async accountBalance(cardCode: string): Promise<{ balance: number; creditLimit: number; openOrders: number }> {
    const bp = await this.businessPartner(cardCode, ['CardCode', 'CardType', 'CurrentAccountBalance', 'CreditLimit', 'OpenOrdersBalance']);
    return {
      balance: Math.round(Number(bp.CurrentAccountBalance ?? 0)),
      creditLimit: Math.round(Number(bp.CreditLimit ?? 0)),
      openOrders: Math.round(Number(bp.OpenOrdersBalance ?? 0)),
    };
  }

  /** The customer's open documents with a balance (invoices, debit notes, down payments owed; credit notes to apply), by due date. */
  openAccountDocuments(cardCode: string): Promise<AccountDocument[]> {
    return this.accountDocuments.open(cardCode);
  }

  /** The customer's documents issued and payments received from `from` to `to` ('YYYY-MM-DD', included): the statement's material. */
  accountPeriod(cardCode: string, from: string, to: string): Promise<AccountPeriod> {
    return this.accountDocuments.period(cardCode, from, to);
  }

  /** One of the customer's documents with its references; ErpError 404 for another customer's or a missing one. */
  accountDocument(cardCode: string, kind: AccountDocumentKind, docEntry: number): Promise<AccountDocument> {
    return this.accountDocuments.one(cardCode, kind, docEntry);
  }

  /** One of the customer's incoming payments with the folios it settled; ErpError 404 for another customer's. */
  /** Where one of the customer's documents came from: its NumAtCard, the sales orders and deliveries (guías) it was made from. */
  accountOrigin(cardCode: string, kind: AccountDocumentKind, docEntry: number): Promise<AccountOrigin> {
    return this.accountDocuments.origin(cardCode, kind, docEntry);
  }

  accountPayment(cardCode: string, docEntry: number): Promise<AccountPayment> {
    return this.accountDocuments.payment(cardCode, docEntry);
  }

  /** The PDF or XML attached to one of the customer's documents; ErpError 404 when it is not the customer's or has none. */
  accountDocumentFile(cardCode: string, kind: AccountDocumentKind, docEntry: number, format: DteFileFormat): Promise<DteFile> {
    return this.accountDocuments.file(cardCode, kind, docEntry, format);
  }

  // --- reference lists ---

  // The lists below are the same frozen array for as long as the reference cache holds its ERP list: the routes
  // serialize and compress each one once (http/preparedBody.ts, preparedPerValue).
  private readonly regionsView = mappedOnce(toRegion);
  private readonly countriesView = mappedOnce(toCountry);
  private readonly transportsView = mappedOnce(toTransport);

  async listRegions(): Promise<readonly Region[]> {
    return this.regionsView(await this.states.get());
  }

  async listCountries(): Promise<readonly Country[]> {
    return this.countriesView(await this.countries.get());
  }

  async listTransports(): Promise<readonly Transport[]> {
    return this.transportsView(await this.transports.get());
  }

  // --- items ---

  /** Every sellable item (one per size) with every field the portal maps, read now in parallel pages. */
  async listAllItems(): Promise<ItemRecord[]> {
    const items = await this.sl.getAll<B1Item>('Items', { select: ITEM_SELECT, filter: SELLABLE_ITEMS_FILTER, orderby: 'ItemCode' }, this.itemPaging);
    const byCode = new Map(items.map((item) => [item.ItemCode, item])); // a row repeated at a page boundary, once
    return [...byCode.values()].map((item) => toItemRecord(item));
  }

  /**
   * The sellable items the catalogue is built from (no long texts), read by change since the last call and fully now
   * and then (ItemMirror). Concurrent callers share one read.
   */
  catalogueItems(): Promise<ItemSet> {
    return this.items.sync();
  }

  /**
   * Reads the catalogue's items through `make(mirror)` from now on: on PostgreSQL, the cluster's one reader
   * (SharedItemSource, docs/scale-out.md), which reads the ERP with this service's mirror when it holds the lease.
   */
  shareItems<T extends ItemSource>(make: (mirror: ItemMirror) => T): T {
    const source = make(this.mirror);
    this.items = source;
    return source;
  }

  /**
   * The catalogue's items with the ERP's changes since the last read merged in now (one read of the changed items,
   * never a full one): what a long list is priced from, so its prices are the ones the cart charges (ItemMirror).
   */
  catalogueItemsChanged(): Promise<ItemSet> {
    return this.items.syncChanges();
  }

  /**
   * What arrives of a size and is still free to promise, by date, as of the catalogue's last read of the items and
   * purchase orders (docs/incoming.md); [] when nothing or not sold.
   */
  incomingOf(itemCode: string): IncomingStock[] {
    const record = this.mirror.record(itemCode);
    return record ? incomingOf(record) : [];
  }

  /**
   * The dated arrivals of some sizes (docs/incoming.md), as the catalogue's read of the purchase orders has them:
   * before this instance's first read of the catalogue, that read is made first (a pre-order asked right after start-up).
   */
  async arrivalsOf(itemCodes: readonly string[]): Promise<Map<string, Arrivals>> {
    if (!this.items.current()) await this.items.sync();
    const found = new Map<string, Arrivals>();
    for (const code of itemCodes) {
      const arrivals = this.mirror.record(code)?.arrivals;
      if (arrivals) found.set(code, arrivals);
    }
    return found;
  }

  /** A size as the catalogue last read it (stock, backlog, purchase-order arrivals), without asking the ERP. */
  itemRecord(itemCode: string): ItemRecord | undefined {
    return this.mirror.record(itemCode);
  }

  /** The catalogue's items as of the last successful read, without asking the ERP (undefined before the first). */
  catalogueItemsRead(): ItemSet | undefined {
    return this.items.current();
  }

  /**
   * The sizes of one style with fresh stock and prices. `code` is a style code, or the ItemCode of one of its
   * sizes (an offer may name a size). ErpError 404 when no sellable item matches.
   */
  async getStyle(code: string, priceList?: number): Promise<ItemRecord[]> {
    let sizes = await this.itemsWhere(`${F.item.style} eq ${literal(code)}`, priceList);
    if (sizes.length === 0) {
      const [item] = await this.itemsWhere(filter`ItemCode eq ${code}`, priceList);
      if (item && item.style !== code) sizes = await this.itemsWhere(`${F.item.style} eq ${literal(item.style)}`, priceList);
      else if (item) sizes = [item];
    }
    if (sizes.length === 0) throw new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.productNotFound });
    return sizes.sort((a, b) => compareSizes(a.size, b.size));
  }

  /** Fresh price and stock of the given ItemCodes (sizes), e.g. to price a cart; unknown or unsellable codes are absent. */
  async getItems(itemCodes: readonly string[], priceList?: number): Promise<ItemRecord[]> {
    const codes = [...new Set(itemCodes)];
    const chunks: string[][] = [];
    for (let i = 0; i < codes.length; i += ITEMS_PER_QUERY) chunks.push(codes.slice(i, i + ITEMS_PER_QUERY));
    const found = await Promise.all(chunks.map((chunk) => this.itemsWhere(anyOf('ItemCode', chunk), priceList)));
    return found.flat();
  }

  /**
   * Which of `itemCodes` the ERP has at all, sellable or not (as the ERP writes them): what tells a code the ERP does
   * not sell (inactive, not a sales item) from one it does not know. Asked only for codes getItems did not find.
   */
  async existingItemCodes(itemCodes: readonly string[]): Promise<Set<string>> {
    const codes = [...new Set(itemCodes)];
    const chunks: string[][] = [];
    for (let i = 0; i < codes.length; i += ITEMS_PER_QUERY) chunks.push(codes.slice(i, i + ITEMS_PER_QUERY));
    const found = await Promise.all(
      chunks.map((chunk) => this.sl.getAll<Pick<B1Item, 'ItemCode'>>('Items', { select: ['ItemCode'], filter: anyOf('ItemCode', chunk) }, { pageSize: this.pageSize })),
    );
    return new Set(found.flat().map((item) => item.ItemCode));
  }

  // --- documents ---

  /** Open invoices of the customer with something left to pay, oldest first. */
  async pendingInvoices(cardCode: string): Promise<PendingDocument[]> {
    const invoices = await this.sl.getAll<B1Document>(
      'Invoices',
      {
        select: PENDING_SELECT,
        filter: filter`CardCode eq ${cardCode} and DocumentStatus eq ${'bost_Open'} and Cancelled eq ${'tNO'}`,
        orderby: 'DocDate,DocEntry',
      },
      { pageSize: this.pageSize },
    );
    return invoices.map(toPendingDocument).filter((doc) => doc.saldoaPagar > 0);
  }

  /** The customer's sales orders, newest first, with their delivery (guía), invoice, credit note and DTE numbers. */
  async purchaseHistory(cardCode: string): Promise<PurchaseHistoryHeader[]> {
    const byCustomer = filter`CardCode eq ${cardCode}`;
    const page = { pageSize: this.pageSize };
    const [orders, invoices, creditNotes, deliveries] = await Promise.all([
      this.sl.getAll<B1Document>('Orders', { select: HISTORY_ORDER_SELECT, filter: byCustomer, orderby: 'DocDate desc,DocEntry desc' }, page),
      this.sl.getAll<B1Document>('Invoices', { select: HISTORY_FOLLOWUP_SELECT, filter: byCustomer }, page),
      this.sl.getAll<B1Document>('CreditNotes', { select: HISTORY_FOLLOWUP_SELECT, filter: byCustomer }, page),
      this.sl.getAll<B1Document>('DeliveryNotes', { select: HISTORY_FOLLOWUP_SELECT, filter: byCustomer }, page),
    ]);
    return orders
      .map((order) => toHistoryHeader(order, invoices, creditNotes, deliveries))
      .sort((a, b) => b.fecha.localeCompare(a.fecha) || b.docEntry - a.docEntry);
  }

  /** Lines of one of the customer's sales orders; another customer's order is 'not found', like a missing one. */
  async purchaseHistoryLines(docEntry: number, cardCode: string): Promise<PurchaseHistoryLine[]> {
    const notFound = () => new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.documentNotFound });
    if (!Number.isSafeInteger(docEntry) || docEntry <= 0) throw notFound();
    let order: B1Document;
    try {
      order = await this.sl.get<B1Document>(entity('Orders', docEntry), { select: ['DocEntry', 'CardCode', 'DocumentLines'] });
    } catch (error) {
      if (error instanceof ErpError && error.status === 404) throw notFound();
      throw error;
    }
    if (order.CardCode !== cardCode) throw notFound();
    return (order.DocumentLines ?? []).map(toHistoryLine);
  }

  /**
   * One of the customer's sales orders to buy again (docs/ordering.md): its number and its lines (item, quantity, net
   * line total). Another customer's order is 'not found', like a missing one.
   */
  async salesOrderToReorder(docEntry: number, cardCode: string): Promise<{ docNum: number; lines: PurchaseHistoryLine[] }> {
    const notFound = () => new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.documentNotFound });
    if (!Number.isSafeInteger(docEntry) || docEntry <= 0) throw notFound();
    let order: B1Document;
    try {
      order = await this.sl.get<B1Document>(entity('Orders', docEntry), { select: ['DocEntry', 'DocNum', 'CardCode', 'DocumentLines'] });
    } catch (error) {
      if (error instanceof ErpError && error.status === 404) throw notFound();
      throw error;
    }
    if (order.CardCode !== cardCode) throw notFound();
    return { docNum: order.DocNum ?? order.DocEntry, lines: (order.DocumentLines ?? []).map(toHistoryLine) };
  }

  /** How creates with an unknown outcome are handled (settle time, approval polling). */
  get createPolicy(): ErpCreatePolicy {
    return this.policy;
  }

  /** Changes the create policy (tests and fault harnesses shorten the times). */
  setCreatePolicy(policy: Partial<ErpCreatePolicy>): void {
    this.policy = { ...this.policy, ...policy };
  }

  /**
   * What the ERP holds for the customer's order number `numAtCard`: a sales order (Orders), or a Draft waiting for (or
   * refused by) the approval procedure, or nothing (null). Throws when the ERP cannot be asked: a failed look-up is
   * never "not there".
   */
  async findSalesDocument(cardCode: string, numAtCard: string): Promise<SalesDocumentState | null> {
    const byReference = filter`CardCode eq ${cardCode} and NumAtCard eq ${numAtCard}`;
    // Orders and Drafts asked at once (a first submission needs both answers); an order found wins whatever Drafts says
    const [orders, drafts] = await Promise.allSettled([
      this.sl.get<{ value: B1Document[] }>('Orders', {
        select: ['DocEntry', 'DocNum', 'CardCode', 'NumAtCard'],
        filter: byReference,
        orderby: 'DocEntry',
        top: 1,
      }),
      this.sl.get<{ value: B1Document[] }>('Drafts', {
        select: ['DocEntry', 'CardCode', 'NumAtCard'],
        filter: `${byReference} and ${filter`DocObjectCode eq ${'oOrders'}`}`,
        orderby: 'DocEntry',
        top: 1,
      }),
    ]);
    if (orders.status === 'rejected') throw orders.reason;
    const order = orders.value.value[0];
    if (order) return { kind: 'order', docEntry: order.DocEntry, docNum: order.DocNum ?? order.DocEntry };
    if (drafts.status === 'rejected') throw drafts.reason;
    const draft = drafts.value.value[0];
    if (!draft) return null;
    type Decision = { Status?: string; Remarks?: string | null };
    const requests = await this.sl.get<{ value: Array<{ Code: number; Status?: string; ApprovalRequestDecisions?: Decision[] }> }>('ApprovalRequests', {
      select: ['Code', 'Status', 'ApprovalRequestDecisions'],
      // B1 names the draft in DraftEntry (ObjectEntry is the document it becomes, once added)
      filter: filter`DraftEntry eq ${draft.DocEntry} and ObjectType eq ${'17'}`,
      orderby: 'Code desc',
      top: 1,
    });
    const request = requests.value[0];
    const approval = APPROVAL_STATES[request?.Status ?? 'arsPending'] ?? 'pending';
    // the approver's words, when a decision carries them (a refusal's reason)
    const remarks = [...(request?.ApprovalRequestDecisions ?? [])].reverse().find((d) => d.Remarks)?.Remarks;
    return { kind: 'draft', draftEntry: draft.DocEntry, approval, ...(remarks ? { remarks } : {}) };
  }

  /**
   * POSTs the sales order or reservation `doc` (no look-up: callers go through createOnce, which looks first). An
   * approval procedure answers -2028 and makes a Draft: then the Draft is answered. ErpError otherwise.
   */
  async postSalesOrder(doc: SalesOrderDocument): Promise<SalesDocumentState> {
    try {
      const created = await this.sl.post<B1Document>('Orders', doc);
      if (!created?.DocEntry) {
        throw new ErpError({ status: 503, code: 'ERP_BAD_RESPONSE', message: ERP_MESSAGES.badResponse, erpMessage: 'POST Orders answered without DocEntry' });
      }
      return { kind: 'order', docEntry: created.DocEntry, docNum: created.DocNum ?? created.DocEntry };
    } catch (error) {
      if (!(error instanceof ErpError) || error.erpCode !== APPROVAL_ERROR_CODE) throw error;
      // The ERP answered (the draft, if any, is committed): what it holds now is what there is.
      const held = await this.findSalesDocument(doc.CardCode, doc.NumAtCard);
      if (held) return held;
      throw new ErpError(
        { status: 400, code: 'ERP_REJECTED', message: error.erpMessage ?? ERP_MESSAGES.unsupported, erpCode: error.erpCode, erpMessage: error.erpMessage, upstreamStatus: error.upstreamStatus },
        { cause: error },
      );
    }
  }

  /** The customer's incoming payment with this CounterReference (the portal payment's reference), or null. */
  async findIncomingPayment(cardCode: string, counterReference: string): Promise<{ docEntry: number; docNum: number } | null> {
    const found = await this.sl.get<{ value: Array<{ DocEntry: number; DocNum?: number }> }>('IncomingPayments', {
      select: ['DocEntry', 'DocNum', 'CardCode', 'CounterReference'],
      filter: filter`CardCode eq ${cardCode} and CounterReference eq ${counterReference}`,
      orderby: 'DocEntry',
      top: 1,
    });
    const existing = found.value[0];
    return existing ? { docEntry: existing.DocEntry, docNum: existing.DocNum ?? existing.DocEntry } : null;
  }

  /** POSTs the incoming payment `doc` (no look-up: callers go through createOnce, which looks first). */
  async postIncomingPayment(doc: IncomingPaymentDocument): Promise<{ docEntry: number; docNum: number }> {
    const created = await this.sl.post<{ DocEntry?: number; DocNum?: number }>('IncomingPayments', doc);
    if (!created?.DocEntry) {
      throw new ErpError({ status: 503, code: 'ERP_BAD_RESPONSE', message: ERP_MESSAGES.badResponse, erpMessage: 'POST IncomingPayments answered without DocEntry' });
    }
    return { docEntry: created.DocEntry, docNum: created.DocNum ?? created.DocEntry };
  }

  // --- health ---

  /** Readiness: the ERP answers a small authenticated read within a short time. Never throws. */
  async ping(): Promise<'ok' | 'unavailable'> {
    try {
      await this.sl.get('PaymentTermsTypes', { select: ['GroupNumber'], top: 1 }, { timeoutMs: this.pingTimeoutMs });
      return 'ok';
    } catch {
      return 'unavailable';
    }
  }

  // --- internals ---

  private async businessPartner(cardCode: string, select: readonly string[]): Promise<B1BusinessPartner> {
    const notFound = () => new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.customerNotFound });
    let bp: B1BusinessPartner;
    try {
      bp = await this.sl.get<B1BusinessPartner>(entity('BusinessPartners', cardCode), { select });
    } catch (error) {
      if (error instanceof ErpError && error.status === 404) throw notFound();
      throw error;
    }
    if (bp.CardType !== undefined && bp.CardType !== B1_SETTINGS.customerCardType) throw notFound();
    return bp;
  }

  private async itemsWhere(where: string, priceList?: number): Promise<ItemRecord[]> {
    const items = await this.sl.getAll<B1Item>('Items', { select: ITEM_SELECT, filter: `${where} and ${SELLABLE_ITEMS_FILTER}` }, { pageSize: this.pageSize });
    return items.map((item) => {
      const record = toItemRecord(item, priceList);
      // the dated arrivals are the catalogue's read of the purchase orders (ItemMirror); stock and Ordered are fresh
      const arrivals = this.mirror.record(record.itemCode)?.arrivals;
      return arrivals ? { ...record, arrivals } : record;
    });
  }

  private async referenceNames(): Promise<ReferenceNames> {
    const [terms, countries, states] = await Promise.all([this.paymentTerms.get(), this.countries.get(), this.states.get()]);
    return {
      paymentTerms: new Map(terms.map((t) => [t.GroupNumber, t.PaymentTermsGroupName])),
      countries: new Map(countries.map((c) => [c.Code, c.Name])),
      regions: new Map(states.map((s) => [regionKey(s.Country, s.Code), s.Name])),
    };
  }

  // --- operations (admin lists, the buyer's order tracking, metrics): erp/followUp.ts ---

  /** The customers with these CardCodes (name and rut), read ITEMS_PER_QUERY codes per call; unknown codes are absent. */
  async companiesByCardCode(codes: readonly string[]): Promise<CompanyRef[]> {
    return this.companiesWhere([...new Set(codes)].map((code) => [code]), (chunk) => anyOf('CardCode', chunk));
  }

  /** The customers with these ruts (any writing), read in batches; a rut the ERP does not have is absent. */
  async companiesByRut(ruts: readonly string[]): Promise<CompanyRef[]> {
    const valid = [...new Set(ruts.filter((r) => isValidRut(r)).map((r) => compactRut(r)))];
    return this.companiesWhere(valid.map(rutForms), (chunk) => anyOf(F.customer.rut, chunk));
  }

  /**
   * The customer's invoices dated `since` ('YYYY-MM-DD') or later, not cancelled, with the sales orders they are based on
   * (directly, or through the deliveries — guías — made from them, read from the same day on).
   */
  async invoicesSince(cardCode: string, since: string): Promise<InvoiceFollowUp[]> {
    const where = { filter: filter`CardCode eq ${cardCode} and DocDate ge ${since}`, orderby: 'DocEntry' };
    const [invoices, deliveries] = await Promise.all([
      this.sl.getAll<B1Document>('Invoices', { select: INVOICE_FOLLOWUP_SELECT, ...where }, { pageSize: this.pageSize }),
      this.sl.getAll<B1Document>('DeliveryNotes', { select: INVOICE_FOLLOWUP_SELECT, ...where }, { pageSize: this.pageSize }),
    ]);
    const viaDelivery = ordersOfDeliveries(deliveries);
    return invoices.map((invoice) => toInvoiceFollowUp(invoice, viaDelivery)).filter((i): i is InvoiceFollowUp => i !== undefined);
  }

  /** Tells `observer` about every HTTP exchange with the ERP (metrics); answers the function that stops telling. */
  observe(observer: ErpExchangeObserver): () => void {
    return this.sl.observe(observer);
  }

  private async companiesWhere(keys: string[][], where: (chunk: string[]) => string): Promise<CompanyRef[]> {
    const chunks: string[][] = [];
    for (let i = 0; i < keys.length; i += ITEMS_PER_QUERY) chunks.push(keys.slice(i, i + ITEMS_PER_QUERY).flat());
    const found: CompanyRef[] = [];
    // a few calls at a time: a first look at a long list must not flood the ERP
    for (let i = 0; i < chunks.length; i += 4) {
      const pages = await Promise.all(
        chunks.slice(i, i + 4).map((chunk) =>
          this.sl.getAll<B1BusinessPartner>('BusinessPartners', { select: COMPANY_SELECT, filter: `${where(chunk)} and ${filter`CardType eq ${B1_SETTINGS.customerCardType}`}` }, { pageSize: this.pageSize }),
        ),
      );
      for (const page of pages) found.push(...page.map(toCompanyRef));
    }
    return found;
  }
}
