import type { PurchaseHistoryHeader, PurchaseHistoryLine, Transport } from '@shared/api/erp';
import type { ErpService } from '../erp/erp.service';
import type { SessionUser } from '../plugins/auth';
import type { CustomerDirectory } from '../profile/customers.service';
import type { OrderRepo } from './orders.repo';

/** The order summary's transports and the buyer's purchase history, read from the ERP. */
export class PurchaseHistoryService {
  constructor(private readonly deps: { erp: ErpService; customers: CustomerDirectory; orders: OrderRepo }) {}

  transports(): Promise<readonly Transport[]> {
    return this.deps.erp.listTransports();
  }

  /**
   * The customer's ERP documents, each with the portal order number it is, when it is one: the document's NumAtCard
   * names an order the portal holds for the same customer (one query for the whole history); any other NumAtCard is
   * left out.
   */
  async history(user: SessionUser, customerId: string): Promise<PurchaseHistoryHeader[]> {
    const cardCode = await this.deps.customers.assertOwn(user, customerId);
    const history = await this.deps.erp.purchaseHistory(cardCode);
    const named = [...new Set(history.map((h) => h.ordenPortal).filter((n): n is string => Boolean(n)))];
    const known = await this.deps.orders.knownNumbers(cardCode, named);
    return history.map((h) => ({ ...h, ordenPortal: h.ordenPortal && known.has(h.ordenPortal) ? h.ordenPortal : '' }));
  }

  /** The lines of one of the buyer's own ERP documents. */
  async lines(user: SessionUser, docEntry: number): Promise<PurchaseHistoryLine[]> {
    return this.deps.erp.purchaseHistoryLines(docEntry, await this.deps.customers.cardCodeOf(user));
  }
}
