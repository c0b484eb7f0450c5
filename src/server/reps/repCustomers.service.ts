import type { RepCustomer } from '@shared/api/erp';
import type { RepCustomerList, RepCustomerRow } from '@shared/api/reps';
import { blockingReasons, isBlocked } from '@shared/blocking';
import { formatRut } from '@shared/rut';
import type { RepCustomersQuery } from '@shared/schemas/reps';
import { chileTodayIso } from '@shared/workingDays';
import type { ErpService } from '../erp/erp.service';
import type { CustomerSort } from '../erp/salesPersons';
import { HttpError } from '../errors';
import { SERVER_MSG } from '../messages';
import type { SessionUser } from '../plugins/auth';

/** The ERP field each sortable column of 'Mis clientes' is ordered by. */
const SORT_OF: Record<RepCustomersQuery['sort'], CustomerSort> = { name: 'name', rut: 'rut', comuna: 'comuna', credit: 'credit' };

export interface RepCustomersDeps {
  erp: Pick<ErpService, 'customersOfSalesPerson' | 'customers' | 'overdueBalances' | 'lastSalesOrders'>;
  /** Today's Chilean date ('YYYY-MM-DD'): an invoice due before it is overdue. */
  today?: () => string;
}

/**
 * 'Mis clientes' (GET /api/rep/customers, docs/sales-reps.md): the customers a rep may represent, a page at a time, read
 * from the ERP on each call (a reassignment in B1 shows at once): the rep's own (their SalesPersonCode) for the
 * ASIGNADOS scope, every customer for TODOS. Searched, sorted and paged by the ERP (OData $filter, $orderby, $skip,
 * $top); each page's overdue balances in one more query and each customer's last ERP sales order in a small one.
 */
export class RepCustomersService {
  private readonly today: () => string;

  constructor(private readonly deps: RepCustomersDeps) {
    this.today = deps.today ?? (() => chileTodayIso());
  }

  async list(user: SessionUser, query: RepCustomersQuery): Promise<RepCustomerList> {
    const rep = user.rep;
    if (!rep) throw new HttpError(403, SERVER_MSG.forbidden);
    const paging = { page: query.page, pageSize: query.pageSize };
    if (rep.salesPersonCode === null) return { rows: [], total: 0, ...paging, message: SERVER_MSG.repWithoutSalesPerson };
    const page = {
      skip: query.page * query.pageSize,
      top: query.pageSize,
      search: query.q || undefined,
      sort: SORT_OF[query.sort],
      dir: query.dir,
    };
    const { customers, total } =
      rep.scope === 'TODOS' ? await this.deps.erp.customers(page) : await this.deps.erp.customersOfSalesPerson(rep.salesPersonCode, page);
    const codes = customers.map((c) => c.idcliente);
    const [overdue, lastOrders] = await Promise.all([this.deps.erp.overdueBalances(codes, this.today()), this.deps.erp.lastSalesOrders(codes)]);
    const rows = customers.map((customer) => toRow(customer, overdue.get(customer.idcliente) ?? 0, lastOrders.get(customer.idcliente) ?? null));
    return { rows, total, ...paging, message: null };
  }
}

function toRow(customer: RepCustomer, overdue: number, lastOrder: RepCustomerRow['lastOrder']): RepCustomerRow {
  return {
    cardCode: customer.idcliente,
    rut: customer.rut ? formatRut(customer.rut) : '',
    name: customer.nombre,
    comuna: customer.comuna,
    blocked: isBlocked(customer),
    blockedReasons: blockingReasons(customer),
    creditLimit: customer.credAprob,
    availableCredit: customer.limitecred,
    overdue,
    lastOrder,
  };
}
