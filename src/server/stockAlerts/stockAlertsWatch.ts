// 'Avísame cuando llegue' (docs/stock-alerts.md): every few minutes the sizes buyers wait for are read fresh from the
// ERP; a person whose sizes have stock again gets one mail a day, through the outbox, listing every size that came back
// with the price their company pays and a link to the style, each with its own unsubscribe link. A size that comes
// back after the day's mail waits for the next day's. A mailed alert keeps watching: when its size is at 0 again it
// waits again, and is mailed again when the size comes back. Alerts past their 90 days expire without a mail.
import { fill } from '@shared/messages';
import { formatCLP, formatInteger } from '@shared/money';
import { STOCK_ALERT_MSG } from '@shared/schemas/stockAlerts';
import { chileTodayIso } from '@shared/workingDays';
import { CartRepo } from '../cart/cart.repo';
import type { ErpService } from '../erp/erp.service';
import type { ItemRecord } from '../erp/mapping';
import { PeriodicJob, type MailingJobOptions } from '../jobs/periodic';
import { enqueueMail } from '../mail/mailJob';
import { escapeHtml, oneLine } from '../mail/orderMail';
import type { CustomerDirectory } from '../profile/customers.service';
import { StockAlertsRepo, type WaitingAlert } from './stockAlerts.repo';
import { buyerUnitPrice, displayName, isSellable, tokenHashOf, unsubscribeTokenOf } from './stockAlerts.service';

/** The path of the unsubscribe link (no login). */
export const UNSUBSCRIBE_PATH = '/api/public/stock-alerts/unsubscribe';

/** STOCK_ALERTS_INTERVAL: the pause between passes (default 10 minutes). */
export interface StockAlertsWatchOptions extends MailingJobOptions {
  erp: Pick<ErpService, 'getItems'>;
  customers: Pick<CustomerDirectory, 'profileOf'>;
  /** The key of the unsubscribe tokens (`unsubscribeKeyOf`): each mail's links are made again from the alert's row. */
  tokenKey: Buffer;
  /** The clock of the expiry (tests move it; `today` follows it unless given). */
  now?: () => Date;
}

export interface StockAlertsWatchRun {
  /** Alerts waiting when the pass began (after expiring and re-arming). */
  waiting: number;
  expired: number;
  /** Notified alerts whose size was at 0 again: waiting again. */
  rearmed: number;
  /** Alerts mailed in this pass, and the mails. */
  notified: number;
  mails: number;
  /** Alerts whose size came back but whose person had the day's mail already: tomorrow's. */
  deferred: number;
}

/** One size that came back, as one person's mail lists it. */
interface Back {
  alert: WaitingAlert;
  item: ItemRecord;
  price: number;
  /** The company's name, as the ERP has it. */
  company: string;
  token: string;
}

export class StockAlertsWatchJob extends PeriodicJob<StockAlertsWatchRun> {
  private readonly repo: StockAlertsRepo;
  private readonly content: CartRepo;
  private readonly now: () => Date;
  private readonly today: () => string;

  constructor(private readonly opts: StockAlertsWatchOptions) {
    super(opts.intervalMs ?? 10 * 60_000, (err) => opts.logger?.error({ err }, 'avisos de stock: la revisión falló'));
    this.repo = new StockAlertsRepo(opts.db);
    this.content = new CartRepo(opts.db);
    this.now = opts.now ?? (() => new Date());
    this.today = opts.today ?? (() => chileTodayIso(this.now()));
  }

  protected async pass(): Promise<StockAlertsWatchRun> {
    const now = this.now();
    const day = this.today();
    const expired = await this.repo.expire(now);
    const watching = await this.repo.watching();
    const run: StockAlertsWatchRun = { waiting: 0, expired, rearmed: 0, notified: 0, mails: 0, deferred: 0 };
    if (!watching.length) return run;
    // the sizes' stock fresh from the ERP (the catalogue's snapshot may be minutes old)
    const items = new Map((await this.opts.erp.getItems([...new Set(watching.map((a) => a.sku))])).map((i) => [i.itemCode, i]));
    // a notified alert whose size is at 0 on hand again waits again (one conditional update): its next restock mails
    const rearmed = new Set(
      await this.repo.rearm(watching.filter((a) => a.state === 'NOTIFIED' && (items.get(a.sku)?.stock ?? 1) <= 0).map((a) => a.id)),
    );
    run.rearmed = rearmed.size;
    const waiting = watching.filter((a) => a.state === 'WAITING' || rearmed.has(a.id));
    run.waiting = waiting.length;
    const content = await this.content.contentOf([...items.values()].map((i) => i.style));
    const back = waiting.filter((a) => {
      const item = items.get(a.sku);
      return isSellable(item, content) && item.stock > 0;
    });
    const byPerson = new Map<number, WaitingAlert[]>();
    for (const alert of back) (byPerson.get(alert.userId) ?? byPerson.set(alert.userId, []).get(alert.userId)!).push(alert);
    // each company's loyalty % from its fresh ERP profile, as the cart prices (a company the ERP does not answer for waits)
    const profiles = new Map<string, { descFidel: number; nombre: string }>();
    await Promise.all(
      [...new Set(back.map((a) => a.companyRut))].map(async (companyRut) => {
        try {
          profiles.set(companyRut, await this.opts.customers.profileOf({ companyRut }));
        } catch (err) {
          this.opts.logger?.warn({ err, companyRut }, 'avisos de stock: no se pudo leer el perfil del cliente');
        }
      }),
    );
    for (const [userId, alerts] of byPerson) {
      const priced: Back[] = alerts
        .filter((a) => profiles.has(a.companyRut))
        .map((alert) => {
          const item = items.get(alert.sku)!;
          return { alert, item, price: buyerUnitPrice(item, content, profiles.get(alert.companyRut)!.descFidel), company: profiles.get(alert.companyRut)!.nombre, token: unsubscribeTokenOf(this.opts.tokenKey, alert) };
        });
      if (!priced.length || !alerts[0]!.email) continue;
      const sent = await this.repo.transaction(async (tx) => {
        // one mail a day per person: the day's row decides, across passes and instances
        if (!(await this.repo.claimDay(tx, userId, day))) return -1;
        const changed = await this.repo.markNotified(tx, priced.map((b) => ({ id: b.alert.id, tokenHash: tokenHashOf(b.token) })), now);
        const mine = priced.filter((b) => changed.has(b.alert.id));
        // another instance mailed them: the day stays free
        if (!mine.length) throw new NothingToMail();
        await enqueueMail(this.opts.outbox, tx, `mail:STOCK_BACK:${userId}:${day}`, { to: alerts[0]!.email, ...this.mail(mine) }, this.opts.mailDomain);
        return mine.length;
      }).catch((err: unknown) => {
        if (err instanceof NothingToMail) return 0;
        throw err;
      });
      if (sent < 0) run.deferred += priced.length;
      else if (sent > 0) {
        run.notified += sent;
        run.mails++;
      }
    }
    if (run.rearmed) this.opts.logger?.info({ rearmed: run.rearmed }, 'avisos de stock: tallas agotadas otra vez, avisos esperando de nuevo');
    if (run.mails) {
      this.opts.worker.kick();
      this.opts.logger?.info(run, 'avisos de stock: tallas que volvieron avisadas');
    }
    return run;
  }

  private mail(backs: Back[]): { subject: string; text: string; html: string } {
    const base = this.opts.publicUrl.replace(/\/$/, '');
    const { fullName } = backs[0]!.alert;
    const subject = oneLine(fill(STOCK_ALERT_MSG.mailSubject, { count: backs.length }));
    const intro = fill(STOCK_ALERT_MSG.mailIntro, { name: fullName || this.opts.brandName });
    const rows = backs.map((b) => ({
      line: fill(STOCK_ALERT_MSG.mailLine, { name: displayName(b.item), size: b.item.size, stock: formatInteger(b.item.stock), price: formatCLP(b.price) }),
      view: `${base}/user/product-detail/${encodeURIComponent(b.item.style)}`,
      unsubscribe: `${base}${UNSUBSCRIBE_PATH}?token=${b.token}`,
    }));
    const outro = fill(STOCK_ALERT_MSG.mailOutro, { company: [...new Set(backs.map((b) => b.company))].join(', ') });
    const text = [
      intro,
      '',
      ...rows.flatMap((r) => [`- ${r.line}`, `  ${STOCK_ALERT_MSG.mailView}: ${r.view}`, `  ${STOCK_ALERT_MSG.mailUnsubscribe}: ${r.unsubscribe}`]),
      '',
      outro,
    ].join('\n');
    const html =
      `<p>${escapeHtml(intro)}</p><ul>` +
      rows
        .map(
          (r) =>
            `<li>${escapeHtml(r.line)}<br><a href="${escapeHtml(r.view)}">${escapeHtml(STOCK_ALERT_MSG.mailView)}</a> · ` +
            `<a href="${escapeHtml(r.unsubscribe)}">${escapeHtml(STOCK_ALERT_MSG.mailUnsubscribe)}</a></li>`,
        )
        .join('') +
      `</ul><p>${escapeHtml(outro)}</p>`;
    return { subject, text, html };
  }
}

/** Thrown inside a person's transaction when every alert was marked by another pass: the day's row is rolled back. */
class NothingToMail extends Error {}
