// The wholesaler's sales employees as the ERP keeps them (B1 `SalesPersons`, key SalesEmployeeCode) and the customers
// assigned to each (`BusinessPartners.SalesPersonCode`): what a rep (vendedor) is linked to and the customers in their
// scope. Always read from the ERP, so a reassignment in B1 counts at the next read; the callers decide how long to keep
// an answer. B1's row -1 ("no sales employee") is not an employee: never listed, never found.
import { roundPesos } from '@shared/money';
import type { CustomerLastOrder, RepCustomerPage, SalesEmployee } from '@shared/api/erp';
import type { B1BusinessPartner, B1Document, B1SalesPerson } from './b1Types';
import { ErpError, ERP_MESSAGES } from './errors';
import { B1_FIELDS, B1_SETTINGS, isoDate, NO_SALES_EMPLOYEE, REP_CUSTOMER_SELECT, SALES_PERSON_SELECT, salesPersonCode, toRepCustomer, toSalesEmployee } from './mapping';
import { anyOf, entity, filter, literal } from './odata';
import type { ODataCollection, ServiceLayerClient } from './serviceLayer';

const F = B1_FIELDS;

/** The columns a list of customers sorts by, and the partner's field each one is in the ERP. */
export const CUSTOMER_SORT_FIELDS = { name: 'CardName', rut: F.customer.rut, comuna: 'City', credit: 'CreditLimit', cardCode: 'CardCode' } as const;
export type CustomerSort = keyof typeof CUSTOMER_SORT_FIELDS;

/**
 * A page of customers: rows skipped and rows wanted (at most MAX_CUSTOMERS_PAGE), a text found in the name, the
 * CardCode or the rut (any case; a rut with or without dots), and the order (by CardCode when none; CardCode breaks ties).
 */
export interface CustomersPage {
  skip?: number;
  top?: number;
  search?: string;
  sort?: CustomerSort;
  dir?: 'asc' | 'desc';
}

export const MAX_CUSTOMERS_PAGE = 100;
const DEFAULT_CUSTOMERS_PAGE = 20;
/** ERP calls at once when reading each customer's last order: a page of customers must not flood the ERP. */
const LAST_ORDER_CALLS = 4;

export class SalesPersons {
  /**
   * `partner` reads a customer with the given fields (ErpError 404 when the ERP has no such customer): the ERP
   * service's own reader.
   */
  constructor(
    private readonly sl: ServiceLayerClient,
    private readonly partner: (cardCode: string, select: readonly string[]) => Promise<B1BusinessPartner>,
    private readonly pageSize: number,
  ) {}

  /** The sales employees by code (only the active ones with `activeOnly`), without B1's -1 row. */
  async list({ activeOnly = false }: { activeOnly?: boolean } = {}): Promise<SalesEmployee[]> {
    const where = filter`SalesEmployeeCode ne ${NO_SALES_EMPLOYEE}`;
    const rows = await this.sl.getAll<B1SalesPerson>(
      'SalesPersons',
      { select: SALES_PERSON_SELECT, filter: activeOnly ? `${where} and ${filter`Active eq ${'tYES'}`}` : where, orderby: 'SalesEmployeeCode' },
      { pageSize: this.pageSize },
    );
    return rows.map(toSalesEmployee);
  }

  /** Sales employee `code` (active or not); ErpError 404 when the ERP has none (or for -1). */
  async one(code: number): Promise<SalesEmployee> {
    const notFound = () => new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.salesPersonNotFound });
    if (!Number.isInteger(code) || code === NO_SALES_EMPLOYEE) throw notFound();
    try {
      return toSalesEmployee(await this.sl.get<B1SalesPerson>(entity('SalesPersons', code), { select: SALES_PERSON_SELECT }));
    } catch (error) {
      if (error instanceof ErpError && error.status === 404) throw notFound();
      throw error;
    }
  }

  /**
   * One page of the customers whose SalesPersonCode is `code`, by CardCode, and how many there are. The page is asked
   * whole (`Prefer: odata.maxpagesize`); an ERP that answers smaller pages is followed to the page's end.
   */
  async customers(code: number | 'all', { skip = 0, top = DEFAULT_CUSTOMERS_PAGE, search, sort = 'cardCode', dir = 'asc' }: CustomersPage = {}): Promise<RepCustomerPage> {
    const size = Math.min(Math.max(1, Math.trunc(top)), MAX_CUSTOMERS_PAGE);
    const from = Math.max(0, Math.trunc(skip));
    if (code !== 'all' && (!Number.isInteger(code) || code === NO_SALES_EMPLOYEE)) return { customers: [], total: 0 };
    const conditions = [filter`CardType eq ${B1_SETTINGS.customerCardType}`];
    if (code !== 'all') conditions.unshift(filter`SalesPersonCode eq ${code}`);
    const text = search?.trim();
    if (text) {
      // `contains` as the Service Layer takes it (the stand-in and B1 on SQL Server ignore case); the rut is stored
      // without dots ('76123456-0'), so the dots of a typed rut are dropped for it
      const rut = text.replace(/\./g, '');
      conditions.push(`(${filter`contains(CardName, ${text})`} or ${filter`contains(CardCode, ${text})`} or contains(${F.customer.rut}, ${literal(rut || text)}))`);
    }
    const field = CUSTOMER_SORT_FIELDS[sort] ?? 'CardCode';
    const orderby = field === 'CardCode' ? `CardCode ${dir}` : `${field} ${dir},CardCode ${dir}`;
    const query = { select: REP_CUSTOMER_SELECT, filter: conditions.join(' and '), orderby };
    const first = await this.sl.get<ODataCollection<B1BusinessPartner>>(
      'BusinessPartners', { ...query, skip: from, top: size, inlinecount: true }, { headers: { Prefer: `odata.maxpagesize=${size}` } },
    );
    const rows = [...first.value];
    if ((first['odata.nextLink'] ?? first['@odata.nextLink']) && rows.length < size) {
      rows.push(...await this.sl.getAll<B1BusinessPartner>('BusinessPartners', { ...query, skip: from + rows.length, top: size - rows.length }, { pageSize: size }));
    }
    const counted = Number(first['odata.count'] ?? first['@odata.count']);
    return { customers: rows.slice(0, size).map(toRepCustomer), total: Number.isSafeInteger(counted) ? counted : from + rows.length };
  }

  /**
   * What these customers owe past its due date: the unpaid part of their open invoices (not cancelled) due before
   * `today` ('YYYY-MM-DD'), by CardCode (a customer owing nothing overdue is absent). One query for them all.
   */
  async overdue(cardCodes: readonly string[], today: string): Promise<Map<string, number>> {
    const owed = new Map<string, number>();
    if (cardCodes.length === 0) return owed;
    const invoices = await this.sl.getAll<B1Document>(
      'Invoices',
      {
        select: ['DocEntry', 'CardCode', 'DocTotal', 'PaidToDate'],
        filter: `${anyOf('CardCode', [...new Set(cardCodes)])} and ${filter`DocumentStatus eq ${'bost_Open'} and Cancelled eq ${'tNO'} and DocDueDate lt ${today}`}`,
        orderby: 'DocEntry',
      },
      { pageSize: this.pageSize },
    );
    for (const invoice of invoices) {
      const left = roundPesos(Number(invoice.DocTotal ?? 0) - Number(invoice.PaidToDate ?? 0));
      if (left > 0 && invoice.CardCode) owed.set(invoice.CardCode, (owed.get(invoice.CardCode) ?? 0) + left);
    }
    return owed;
  }

  /**
   * Each customer's newest sales order in the ERP (not cancelled; by date, then DocEntry): its number, date and total
   * with VAT, by CardCode (a customer without one is absent). One `$top=1` query per customer, a few at a time.
   */
  async lastOrders(cardCodes: readonly string[]): Promise<Map<string, CustomerLastOrder>> {
    const last = new Map<string, CustomerLastOrder>();
    const codes = [...new Set(cardCodes)];
    for (let i = 0; i < codes.length; i += LAST_ORDER_CALLS) {
      await Promise.all(
        codes.slice(i, i + LAST_ORDER_CALLS).map(async (cardCode) => {
          const page = await this.sl.get<ODataCollection<B1Document>>('Orders', {
            select: ['DocEntry', 'DocNum', 'DocDate', 'DocTotal'],
            filter: filter`CardCode eq ${cardCode} and Cancelled eq ${'tNO'}`,
            orderby: 'DocDate desc,DocEntry desc',
            top: 1,
          });
          const order = page.value[0];
          if (order) last.set(cardCode, { docNum: order.DocNum ?? order.DocEntry, date: isoDate(order.DocDate), total: roundPesos(Number(order.DocTotal ?? 0)) });
        }),
      );
    }
    return last;
  }

  /** The customer's sales employee (its SalesPersonCode), null when it has none; ErpError 404 when no such customer. */
  async of(cardCode: string): Promise<number | null> {
    return salesPersonCode((await this.partner(cardCode, ['CardCode', 'CardType', 'SalesPersonCode'])).SalesPersonCode);
  }
}
