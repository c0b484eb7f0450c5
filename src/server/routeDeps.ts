import type { CatalogService } from './catalog/catalog.service';
import type { Db } from './db/connect';
import type { ErpService } from './erp/erp.service';
import type { OutboxWorker } from './jobs/outbox';
import type { Outbox } from './jobs/outbox.repo';
import type { CustomerDirectory } from './profile/customers.service';

/**
 * The shared dependencies app.ts builds once and hands to the areas that make their own services from them (cart,
 * curves, orders, quick order, reorder, payments, mail, operations). A route plugin takes `RouteDeps` (or a `Pick` of
 * it) or an options object naming the services it calls; it never imports app.ts.
 */
export interface RouteDeps {
  db: Db;
  erp: ErpService;
  customers: CustomerDirectory;
  catalog: CatalogService;
  outbox: Outbox;
  worker: OutboxWorker;
  brandName: string;
  /** The domain of the mails' Message-IDs (the mailer's From). */
  mailDomain: string;
}
