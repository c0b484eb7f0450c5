import type { RepOrderDetail, RepOrderList } from '@shared/api/repOrders';
import type { RepOrderListQuery } from '@shared/schemas/repOrders';
import type { SharedReads } from '../catalog/sharedReads.repo';
import { ShortCache } from '../catalog/shortCache';
import type { ErpService } from '../erp/erp.service';
import { MAX_CUSTOMERS_PAGE } from '../erp/salesPersons';
import { HttpError } from '../errors';
import { SERVER_MSG } from '../messages';
import type { SessionUser } from '../plugins/auth';
import type { RepOrderScope } from '../orders/adminOrders.repo';
import type { AdminOrdersService } from '../orders/adminOrders.service';
import { SCOPE_CACHE_MS } from './representation.service';

/** At most this many customers of one sales employee are read (pages of MAX_CUSTOMERS_PAGE): a safety stop, far above any portfolio. */
const MAX_CUSTOMERS = 5_000;

/**
 * 'Mis pedidos del vendedor' (docs/sales-reps.md): every order the rep placed, and every order of the customers in
 * their scope (ASIGNADOS: the business partners the ERP assigns to the rep's sales employee now; TODOS: every order),
 * read through the admin's list and detail, read-only. The ERP's list of a sales employee's customers is kept
 * SCOPE_CACHE_MS, as the representation's scope is: a reassignment in the ERP reaches the list within that time.
 */
export class RepOrdersService {
  private readonly customers: ShortCache<string[]>;

  constructor(
    private readonly deps: { orders: AdminOrdersService; erp: Pick<ErpService, 'customersOfSalesPerson'>; scopeCacheMs?: number; now?: () => number; sharedReads?: SharedReads },
  ) {
    this.customers = new ShortCache((code) => this.readCustomers(Number(code)), {
      ttlMs: deps.scopeCacheMs ?? SCOPE_CACHE_MS, now: deps.now, maxEntries: 500, ...(deps.sharedReads ? { shared: { reads: deps.sharedReads, scope: 'rep-customers' } } : {}),
    });
  }

  async list(user: SessionUser, query: RepOrderListQuery): Promise<RepOrderList> {
    return this.deps.orders.list({ ...query, format: 'json' }, await this.scopeOf(user));
  }

  /**
   * One order's story. An order of a customer outside the rep's scope is a 403 (the rep learns it exists, not what it
   * holds: reps are the wholesaler's own staff); an order that does not exist, a 404.
   */
  async detail(user: SessionUser, ref: string): Promise<RepOrderDetail> {
    const scope = await this.scopeOf(user);
    try {
      const { jobs: _jobs, chequePhotoUrl: _photo, ...detail } = await this.deps.orders.detail(ref, scope);
      return detail;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404 && (await this.deps.orders.exists(ref))) throw new HttpError(403, SERVER_MSG.repOutOfScope);
      throw error;
    }
  }

  /** The orders the rep may read: their own, and their customers' (every order for a rep of all customers). */
  async scopeOf(user: SessionUser): Promise<RepOrderScope> {
    if (!user.rep) throw new HttpError(403, SERVER_MSG.forbidden);
    const { salesPersonCode, scope } = user.rep;
    // a rep without a linked sales employee has no customers: only what they placed themselves
    if (salesPersonCode === null) return { repUserId: user.id, cardCodes: [] };
    if (scope === 'TODOS') return { repUserId: user.id, cardCodes: 'all' };
    return { repUserId: user.id, cardCodes: await this.customers.get(String(salesPersonCode)) };
  }

  /** The CardCodes of every customer the ERP assigns to the sales employee now, page by page. */
  private async readCustomers(code: number): Promise<string[]> {
    const codes: string[] = [];
    for (let skip = 0; skip < MAX_CUSTOMERS; skip += MAX_CUSTOMERS_PAGE) {
      const page = await this.deps.erp.customersOfSalesPerson(code, { skip, top: MAX_CUSTOMERS_PAGE });
      codes.push(...page.customers.map((c) => c.idcliente));
      if (page.customers.length < MAX_CUSTOMERS_PAGE || codes.length >= page.total) break;
    }
    return codes;
  }
}
