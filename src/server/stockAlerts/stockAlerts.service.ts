// 'Avísame cuando llegue' (docs/stock-alerts.md): a buyer asks to be mailed when a size at 0 has stock again. Alerts
// belong to the person and the company they act for (a rep's to the customer represented); each waits 90 days.
import { createHash, createHmac, hkdfSync } from 'node:crypto';
import type { StockAlert, StockAlertCreated, StockAlertList } from '@shared/api/stockAlerts';
import { fill } from '@shared/messages';
import { unitPrice } from '@shared/pricing';
import { STOCK_ALERT_DAYS, STOCK_ALERT_MSG } from '@shared/schemas/stockAlerts';
import { offerPercent } from '../catalog/content.repo';
import { CartRepo } from '../cart/cart.repo';
import type { Db } from '../db/connect';
import type { ProductContentRow, StockAlertRow } from '../db/schema';
import type { ErpService } from '../erp/erp.service';
import type { ItemRecord } from '../erp/mapping';
import { HttpError } from '../errors';
import type { SessionUser } from '../plugins/auth';
import type { CustomerDirectory } from '../profile/customers.service';
import { StockAlertsRepo, type AlertOwner } from './stockAlerts.repo';

const DAY_MS = 86_400_000;

/** The SHA-256 of an unsubscribe token (only the hash is kept, for the lookup). */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The key of the unsubscribe tokens: derived from the server's secret (JWT_SECRET) for this use only. */
export const unsubscribeKeyOf = (secret: Uint8Array): Buffer => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'portal/stock-alerts/unsubscribe/v1', 32));

/**
 * An alert's unsubscribe token: 128 bits of the HMAC-SHA256 of its id and creation instant under the key (base64url).
 * Made when the alert is; the watcher makes it again for every mail from the row, so the database keeps only its hash
 * and the database alone unsubscribes nobody. The instant keeps a reused id (a database made anew) from reviving old links.
 */
export const unsubscribeTokenOf = (key: Buffer, alert: Pick<StockAlertRow, 'id' | 'createdAt'>): string =>
  createHmac('sha256', key).update(`stock-alert:${alert.id}:${alert.createdAt.getTime()}`).digest().subarray(0, 16).toString('base64url');

/** The owner of the alerts a session makes and sees: the person, for the company they act for. */
export const alertOwnerOf = (user: Pick<SessionUser, 'id' | 'companyRut'>): AlertOwner => ({ userId: user.id, companyRut: user.companyRut });

/** A size the portal sells: known to the ERP and its style not hidden by an admin (as the cart decides). */
export const isSellable = (item: ItemRecord | undefined, content: ReadonlyMap<string, ProductContentRow>): item is ItemRecord =>
  item !== undefined && content.get(item.style)?.enabled !== false;

/**
 * What one unit of a size costs a company now: the cart's P. Distrib. with the cart's inputs (the ERP's list price, the
 * style's offer, the company's loyalty %); 0 for a size no longer sold.
 */
export function buyerUnitPrice(item: ItemRecord | undefined, content: ReadonlyMap<string, ProductContentRow>, loyaltyPct: number | null | undefined): number {
  if (!isSellable(item, content)) return 0;
  return unitPrice(item.listPrice, offerPercent(content.get(item.style)), Math.min(100, Math.max(0, Number(loyaltyPct) || 0)));
}

/** The style's name and colour, as the cart names a line. */
export const displayName = (item: Pick<ItemRecord, 'styleName' | 'colour'>) => [item.styleName, item.colour].filter(Boolean).join(' ');

/** The alert a mailed token names, as its page says it; `alreadyRemoved` when it was removed before this request. */
export interface UnsubscribeTarget {
  sku: string;
  name: string;
  size: string;
  alreadyRemoved: boolean;
}

export interface StockAlertsDeps {
  db: Db;
  erp: Pick<ErpService, 'getItems'>;
  customers: Pick<CustomerDirectory, 'profileOf'>;
  /** The key of the unsubscribe tokens (`unsubscribeKeyOf`). */
  tokenKey: Buffer;
  /** The clock (tests move it). */
  now?: () => Date;
}

export class StockAlertsService {
  readonly repo: StockAlertsRepo;
  private readonly content: CartRepo;
  private readonly now: () => Date;

  constructor(private readonly deps: StockAlertsDeps) {
    this.repo = new StockAlertsRepo(deps.db);
    this.content = new CartRepo(deps.db);
    this.now = deps.now ?? (() => new Date());
  }

  /** POST /user/stock-alerts: only a size the portal sells with 0 on hand (with or without incoming); twice is one. */
  async subscribe(user: SessionUser, sku: string): Promise<StockAlertCreated> {
    const [item] = await this.deps.erp.getItems([sku]);
    const content = item ? await this.content.contentOf([item.style]) : new Map<string, ProductContentRow>();
    if (!isSellable(item, content)) throw new HttpError(404, fill(STOCK_ALERT_MSG.unknownSku, { sku }));
    if (item.stock > 0) throw new HttpError(400, STOCK_ALERT_MSG.hasStock);
    const createdAt = this.now();
    const expiresAt = new Date(createdAt.getTime() + STOCK_ALERT_DAYS * DAY_MS);
    const row = await this.repo.subscribe(alertOwnerOf(user), item.itemCode, item.style, createdAt, expiresAt, (made) => tokenHashOf(unsubscribeTokenOf(this.deps.tokenKey, made)));
    const profile = await this.deps.customers.profileOf(user);
    return { alert: view(row, item, content, profile.descFidel), message: fill(STOCK_ALERT_MSG.created, { size: item.size }) };
  }

  /** GET /user/stock-alerts: the caller's alerts for the company they act for, priced for it now. */
  async list(user: SessionUser): Promise<StockAlertList> {
    const rows = await this.repo.list(alertOwnerOf(user));
    if (rows.length === 0) return { alerts: [] };
    const [items, profile] = await Promise.all([this.deps.erp.getItems([...new Set(rows.map((r) => r.sku))]), this.deps.customers.profileOf(user)]);
    const bySku = new Map(items.map((i) => [i.itemCode, i]));
    const content = await this.content.contentOf(items.map((i) => i.style));
    return { alerts: rows.map((row) => view(row, bySku.get(row.sku), content, profile.descFidel)) };
  }

  /** DELETE /user/stock-alerts/{id}: only the caller's own, for the company they act for (any other is a 404). */
  async remove(user: SessionUser, id: number): Promise<void> {
    if (!(await this.repo.remove(alertOwnerOf(user), id))) throw new HttpError(404, STOCK_ALERT_MSG.notFound);
  }

  /** GET of the mailed link: the alert its token names, changing nothing; an unknown token is a 404. */
  async unsubscribeInfo(token: string): Promise<UnsubscribeTarget> {
    const row = await this.repo.byToken(tokenHashOf(token));
    if (!row) throw new HttpError(404, STOCK_ALERT_MSG.token);
    return this.target(row, row.state === 'REMOVED');
  }

  /** POST of the link's page (or an API client): removes exactly the alert its token names; an unknown token is a 404. */
  async unsubscribe(token: string): Promise<UnsubscribeTarget> {
    const hash = tokenHashOf(token);
    const removed = await this.repo.unsubscribe(hash);
    if (removed) return this.target(removed, false);
    const row = await this.repo.byToken(hash);
    if (!row) throw new HttpError(404, STOCK_ALERT_MSG.token);
    return this.target(row, true);
  }

  private async target(row: StockAlertRow, alreadyRemoved: boolean): Promise<UnsubscribeTarget> {
    const [item] = await this.deps.erp.getItems([row.sku]).catch(() => [] as ItemRecord[]);
    return { sku: row.sku, name: item ? displayName(item) : row.style, size: item?.size ?? row.sku, alreadyRemoved };
  }
}

function view(row: StockAlertRow, item: ItemRecord | undefined, content: ReadonlyMap<string, ProductContentRow>, loyaltyPct: number | null | undefined): StockAlert {
  return {
    id: row.id,
    sku: row.sku,
    style: row.style,
    name: item ? displayName(item) : row.sku,
    colour: item?.colour ?? '',
    size: item?.size ?? '',
    price: buyerUnitPrice(item, content, loyaltyPct),
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    notifiedAt: row.notifiedAt?.toISOString() ?? null,
  };
}
