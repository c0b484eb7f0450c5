// When the ERP moves the goods a pre-order waits for (docs/incoming.md): a purchase order's date pushed back or its
// quantity cut. Every few minutes each watched pre-order line is placed again against what arrives now, oldest order
// first; a line that can no longer arrive by its promised date is flagged with the date it can (or '' when nothing
// covers it), and its buyer gets one mail per order and change, through the outbox. Nothing is re-promised in silence:
// a flag stays until a later move replaces it.
import { freeIncoming, arrivalDay } from '@shared/incoming';
import { formatInteger } from '@shared/money';
import { addDays, chileTodayIso, showDay } from '@shared/workingDays';
import type { ErpService } from '../erp/erp.service';
import type { ItemRecord } from '../erp/mapping';
import { PeriodicJob, type MailingJobOptions } from '../jobs/periodic';
import { enqueueMail } from '../mail/mailJob';
import { escapeHtml, oneLine } from '../mail/orderMail';
import { PreorderWatchRepo, type WatchedLine } from './preorders.repo';

/** Lines promised up to this many days ago are still watched (goods late by a few days may still be moved in the ERP). */
const WATCH_GRACE_DAYS = 7;

/**
 * The date each line of one size can arrive now, in the order given (oldest first): '' when nothing covers it. The
 * size's stock now, less what others sold beyond it, serves first (today); then what arrives, after the ERP's backlog
 * that is not the portal's own (lines the ERP holds are part of its Committed).
 */
export function arrivalsNow(record: Pick<ItemRecord, 'stock' | 'backlog' | 'ordered' | 'arrivals'>, lines: readonly Pick<WatchedLine, 'lineId' | 'quantity' | 'inErp'>[], today: string): Map<number, string> {
  const ours = lines.reduce((sum, l) => (l.inErp ? sum + l.quantity : sum), 0);
  const net = record.stock - record.backlog + ours;
  let onHand = Math.max(0, net);
  const schedule = freeIncoming(record.arrivals, { ordered: record.ordered, backlog: Math.max(0, -net), today }).map((i) => ({ ...i }));
  const dates = new Map<number, string>();
  for (const line of lines) {
    let need = line.quantity;
    const fromStock = Math.min(onHand, need);
    onHand -= fromStock;
    need -= fromStock;
    let date = need === 0 ? today : '';
    for (const slot of schedule) {
      if (need === 0) break;
      const take = Math.min(slot.cantidad, need);
      slot.cantidad -= take;
      need -= take;
      if (need === 0) date = slot.fecha;
    }
    dates.set(line.lineId, date);
  }
  return dates;
}

/** INCOMING_WATCH_INTERVAL: the pause between passes (default 5 minutes). */
export interface IncomingWatchOptions extends MailingJobOptions {
  erp: Pick<ErpService, 'getItems' | 'arrivalsOf' | 'catalogueItemsChanged'>;
}

export interface IncomingWatchRun {
  lines: number;
  moved: number;
  mails: number;
}

export class IncomingWatchJob extends PeriodicJob<IncomingWatchRun> {
  private readonly repo: PreorderWatchRepo;
  private readonly today: () => string;

  constructor(private readonly opts: IncomingWatchOptions) {
    super(opts.intervalMs ?? 5 * 60_000, (err) => opts.logger?.error({ err }, 'pedidos por llegar: la revisión de fechas falló'));
    this.repo = new PreorderWatchRepo(opts.db);
    this.today = opts.today ?? (() => chileTodayIso());
  }

  protected async pass(): Promise<IncomingWatchRun> {
    const today = this.today();
    const watched = await this.repo.watched(addDays(today, -WATCH_GRACE_DAYS));
    if (!watched.length) return { lines: 0, moved: 0, mails: 0 };
    // the ERP's changes since the catalogue's last read first (items and purchase orders by change: two small reads);
    // with the ERP down, what was read last
    await this.opts.erp.catalogueItemsChanged().catch((err: unknown) => this.opts.logger?.warn({ err }, 'pedidos por llegar: el ERP no respondió; se usa lo último leído'));
    const bySku = new Map<string, WatchedLine[]>();
    for (const line of watched) (bySku.get(line.sku) ?? bySku.set(line.sku, []).get(line.sku)!).push(line);
    // the sizes' stock and what is sold beyond it fresh from the ERP (documents move them without moving an item's
    // stamp), their dated arrivals as just read
    const skus = [...bySku.keys()];
    const [fresh, arrivals] = await Promise.all([this.opts.erp.getItems(skus), this.opts.erp.arrivalsOf(skus)]);
    const items = new Map(fresh.map((item) => [item.itemCode, item]));
    const moves: { line: WatchedLine; moved: string }[] = [];
    for (const [sku, lines] of bySku) {
      // a size no longer sold is left alone
      const item = items.get(sku);
      if (!item) continue;
      const now = arrivalsNow({ ...item, arrivals: arrivals.get(sku) }, lines, today);
      for (const line of lines) {
        const date = now.get(line.lineId) ?? '';
        if ((date === '' || date > line.shipDate) && date !== line.shipDateMoved) moves.push({ line, moved: date });
      }
    }
    const run: IncomingWatchRun = { lines: watched.length, moved: 0, mails: 0 };
    if (!moves.length) return run;
    const byOrder = new Map<number, typeof moves>();
    for (const move of moves) (byOrder.get(move.line.orderId) ?? byOrder.set(move.line.orderId, []).get(move.line.orderId)!).push(move);
    for (const [orderId, orderMoves] of byOrder) {
      await this.repo.transaction(async (tx) => {
        // the conditional update decides: what another pass (or instance) recorded first is not mailed twice
        const changed = await this.repo.markMoved(tx, orderMoves.map((m) => ({ lineId: m.line.lineId, moved: m.moved })));
        const mine = orderMoves.filter((m) => changed.has(m.line.lineId));
        run.moved += mine.length;
        const buyer = mine[0]?.line;
        if (!buyer?.email) return;
        const key = `mail:INCOMING_MOVED:${buyer.number}:${mine.map((m) => `${m.line.lineId}=${m.moved || 'none'}`).join(',')}`;
        await enqueueMail(this.opts.outbox, tx, key, { to: buyer.email, ...this.mail(orderId, mine, today) }, this.opts.mailDomain);
        run.mails++;
      });
    }
    if (run.mails) {
      this.opts.worker.kick();
      this.opts.logger?.info(run, 'pedidos por llegar: fechas movidas avisadas');
    }
    return run;
  }

  private mail(orderId: number, moves: { line: WatchedLine; moved: string }[], today: string): { subject: string; text: string; html: string } {
    const { number, fullName } = moves[0]!.line;
    const subject = oneLine(`Pedido ${number}: cambió la llegada de productos por llegar`);
    const paragraphs = [
      `${fullName ? `Hola ${fullName}: ` : ''}el proveedor de ${this.opts.brandName} cambió la llegada de productos de tu pedido ${number}.`,
      'Estas líneas no llegarán en la fecha prometida:',
    ];
    const rows = moves.map(({ line, moved }) => [
      `${line.name} talla ${line.size} (${formatInteger(line.quantity)})`,
      `prometido el ${showDay(line.shipDate)}; ${moved ? `ahora llega el ${showDay(moved)} (${arrivalDay(moved, today)})` : 'sin fecha por ahora: te contactaremos'}`,
    ]);
    const link = `${this.opts.publicUrl.replace(/\/$/, '')}/user/orders/${orderId}`;
    const closing = `Puedes ver el pedido en Mis pedidos: ${link}`;
    const text = [...paragraphs, '', ...rows.map(([k, v]) => `- ${k}: ${v}`), '', closing].join('\n');
    const html =
      paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
      `<ul>${rows.map(([k, v]) => `<li><strong>${escapeHtml(k)}</strong>: ${escapeHtml(v)}</li>`).join('')}</ul>` +
      `<p>Puedes ver el pedido en <a href="${escapeHtml(link)}">Mis pedidos</a>.</p>`;
    return { subject, text, html };
  }
}
