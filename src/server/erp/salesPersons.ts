// The wholesaler's sales employees as the ERP keeps them (B1 `SalesPersons`, key SalesEmployeeCode) and the customers
// assigned to each (`BusinessPartners.SalesPersonCode`): what a rep (vendedor) is linked to and the customers in their
// scope. Always read from the ERP, so a reassignment in B1 counts at the next read; the callers decide how long to keep
// an answer. B1's row -1 ("no sales employee") is not an employee: never listed, never found.
import type { RepCustomerPage, SalesEmployee } from '@shared/api/erp';
import type { B1BusinessPartner, B1SalesPerson } from './b1Types';
import { ErpError, ERP_MESSAGES } from './errors';
import { B1_SETTINGS, NO_SALES_EMPLOYEE, REP_CUSTOMER_SELECT, SALES_PERSON_SELECT, salesPersonCode, toRepCustomer, toSalesEmployee } from './mapping';
import { entity, filter } from './odata';
import type { ODataCollection, ServiceLayerClient } from './serviceLayer';

/** A page of a rep's customers: rows skipped and rows wanted (at most MAX_CUSTOMERS_PAGE). */
export interface CustomersPage {
  skip?: number;
  top?: number;
}

export const MAX_CUSTOMERS_PAGE = 100;
const DEFAULT_CUSTOMERS_PAGE = 20;

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
  async customers(code: number, { skip = 0, top = DEFAULT_CUSTOMERS_PAGE }: CustomersPage = {}): Promise<RepCustomerPage> {
    const size = Math.min(Math.max(1, Math.trunc(top)), MAX_CUSTOMERS_PAGE);
    const from = Math.max(0, Math.trunc(skip));
    if (!Number.isInteger(code) || code === NO_SALES_EMPLOYEE) return { customers: [], total: 0 };
    const where = filter`SalesPersonCode eq ${code} and CardType eq ${B1_SETTINGS.customerCardType}`;
    const query = { select: REP_CUSTOMER_SELECT, filter: where, orderby: 'CardCode' };
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

  /** The customer's sales employee (its SalesPersonCode), null when it has none; ErpError 404 when no such customer. */
  async of(cardCode: string): Promise<number | null> {
    return salesPersonCode((await this.partner(cardCode, ['CardCode', 'CardType', 'SalesPersonCode'])).SalesPersonCode);
  }
}
