// The ERP invoices based on the portal's sales orders ('Facturado N° …'), read per customer through the Service Layer
// (Invoices of the CardCode from a date on, their lines' BaseType 17 / BaseEntry naming the order) and kept briefly, so
// that a buyer paging through 'Mis pedidos' or an admin opening orders costs one ERP read a minute per customer.
import { chileTodayIso } from '@shared/workingDays';
import type { ErpService } from '../erp/erp.service';
import type { InvoiceFollowUp } from '../erp/followUp';

interface Entry {
  since: string;
  invoices: InvoiceFollowUp[];
  until: number;
}

export class InvoiceFollowUps {
  private readonly cache = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Entry>>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly erp: Pick<ErpService, 'invoicesSince'>,
    options: { ttlMs?: number; now?: () => number } = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The customer's invoices dated `since` ('YYYY-MM-DD') or later; throws when the ERP cannot be asked. */
  async of(cardCode: string, since: string): Promise<InvoiceFollowUp[]> {
    const hit = this.cache.get(cardCode);
    if (hit && hit.until > this.now() && hit.since <= since) return hit.invoices;
    const key = `${cardCode}\u0000${since}`;
    let loading = this.inFlight.get(key);
    if (!loading) {
      loading = this.erp
        .invoicesSince(cardCode, since)
        .then((invoices) => {
          const entry = { since, invoices, until: this.now() + this.ttlMs };
          if (this.cache.size > 10_000) this.cache.clear();
          this.cache.set(cardCode, entry);
          return entry;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, loading);
    }
    return (await loading).invoices;
  }

  /** The invoices of `invoices` based on sales order `docEntry`, oldest first. */
  static ofOrder(invoices: readonly InvoiceFollowUp[], docEntry: number | null): InvoiceFollowUp[] {
    if (docEntry === null) return [];
    return invoices.filter((i) => i.orders.includes(docEntry)).sort((a, b) => a.date.localeCompare(b.date) || a.docEntry - b.docEntry);
  }

  /** Forget what was read (tests, after the ERP changed by hand). */
  clear(): void {
    this.cache.clear();
  }
}

/** A few days before the order's Chilean day: the earliest an invoice based on it may be dated. */
export function invoicesSinceFor(createdAt: Date): string {
  const day = chileTodayIso(createdAt);
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 7);
  return d.toISOString().slice(0, 10);
}
