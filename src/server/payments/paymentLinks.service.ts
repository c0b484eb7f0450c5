// The payment link (docs/sales-reps.md#payment-link): a representing rep sends the customer a single-use link to pay
// an unpaid card/transfer order; the customer pays it without logging in. Paying through a link is the same payment
// as the buyer's own (PaymentService.start, the provider's proof decides, the reconciler applies): the link only names
// the order, and the payment belongs to the order's person and company.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentLinkPayResponse, PaymentLinkStatus, PaymentLinkView } from '@shared/api/paymentLinks';
import { formatDateTime } from '@shared/dates';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { PAYMENT_LINK_MSG, PAYMENT_LINK_REFUSAL, PAYMENT_LINK_TTL_MS, paymentLinkPath, type PaymentLinkState } from '@shared/paymentLinks';
import { cardSessionId, PROVIDER_NAMES, type PaymentProvider } from '@shared/payments';
import { isRepRole } from '@shared/roles';
import type { Db, Tx } from '../db/connect';
import type { OrderRow, PaymentLinkRow, PaymentRow } from '../db/schema';
import { HttpError } from '../errors';
import type { AnswerRecorder } from '../http/idempotency';
import type { OutboxWorker } from '../jobs/outbox';
import type { Outbox } from '../jobs/outbox.repo';
import { mailboxesOf } from '../mail/buyerMailJob';
import { enqueueMail } from '../mail/mailJob';
import { escapeHtml } from '../mail/orderMail';
import { Sealer } from '../mail/sealedFields';
import type { OrderRepo } from '../orders/orders.repo';
import { ownOrder } from '../orders/ownership';
import type { SessionUser } from '../plugins/auth';
import type { CustomerDirectory } from '../profile/customers.service';
import type { KhipuPayments } from './khipu.service';
import { PaymentLinkRepo, tokenHashOf } from './paymentLinks.repo';
import type { PaymentService } from './payments.service';
import { PAYMENT_TEXTS } from './texts';
import type { WebpayPayments } from './webpay.service';

export interface PaymentLinkDeps {
  db: Db;
  orders: OrderRepo;
  customers: CustomerDirectory;
  outbox: Outbox;
  worker: OutboxWorker;
  service: PaymentService;
  webpay: WebpayPayments;
  khipu: KhipuPayments;
  publicUrl: string;
  brandName: string;
  mailDomain?: string;
  /** Seals the link in the queued mail (the outbox never holds it in clear). */
  sealKey: Buffer;
  /** How long a link can be used. Default 48 h. */
  ttlMs?: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** What a link is now, with what decided it. */
interface Judged {
  state: PaymentLinkState;
  link?: PaymentLinkRow;
  order?: OrderRow;
  payment?: PaymentRow;
}

const ONLINE_PROVIDERS: readonly string[] = ['WEBPAY', 'KHIPU'];

/** The HTTP status a refused link answers with. */
const REFUSAL_STATUS: Record<Exclude<PaymentLinkState, 'OPEN'>, number> = { INVALID: 404, USED: 410, EXPIRED: 410, CHANGED: 409 };

export class PaymentLinkService {
  readonly repo: PaymentLinkRepo;
  private readonly ttlMs: number;

  constructor(private readonly deps: PaymentLinkDeps) {
    this.repo = new PaymentLinkRepo(deps.db);
    this.ttlMs = deps.ttlMs ?? PAYMENT_LINK_TTL_MS;
  }

  /**
   * POST /api/orders/{id}/payment-link: a representing rep sends the customer a new link for the company's unpaid
   * card/transfer order, to the customer's e-mail in the ERP. The previous link of the order is voided in the same
   * transaction that stores the new one and queues its mail (and the Idempotency-Key's answer, when there is one).
   */
  async send(user: SessionUser, orderId: number, recorder?: AnswerRecorder): Promise<PaymentLinkStatus> {
    if (!isRepRole(user.role) || !user.rep?.representing) throw new HttpError(403, PAYMENT_LINK_MSG.onlyRep);
    const order = ownOrder(user, await this.deps.orders.byId(orderId));
    this.assertPayable(order);
    const profile = await this.deps.customers.profileOf(user);
    const to = mailboxesOf(profile.mail);
    if (!to) throw new HttpError(409, PAYMENT_LINK_MSG.noCustomerMail);
    const token = randomBytes(32).toString('base64url');
    const companyName = profile.nombre || user.rep.representing.companyName;
    const { db, worker, service } = this.deps;
    const answer = await db.transaction(async (tx) => {
      // the same row lock a payment start and the sweep of abandoned orders take
      const locked = await service.repo.lockOrder(tx, order.id);
      this.assertPayable(locked ?? order);
      // a payment under way (the customer paying an earlier link) decides first
      if (await service.repo.openOfOrder(tx, order.id)) {
        throw new HttpError(409, fill(PAYMENT_TEXTS.paymentInProgress, { number: order.purchaseOrderNumber ?? '' }));
      }
      const current = locked ?? order;
      await this.repo.voidOpen(tx, current.id);
      const link = await this.repo.insert(tx, {
        tokenHash: tokenHashOf(token),
        orderId: current.id,
        amount: current.total,
        providers: [current.paymentMethod!],
        companyName,
        sentTo: to,
        createdBy: user.id,
        expiresAt: new Date(Date.now() + this.ttlMs),
      });
      await this.enqueueMail(tx, link, current, token);
      const status = this.statusOf(current, link, 'OPEN', undefined);
      await recorder?.record(tx, { status: 200, body: status });
      return status;
    });
    worker.kick();
    this.deps.log.info({ orderId: order.id, by: user.id }, 'link de pago enviado');
    return answer;
  }

  /** GET /api/orders/{id}/payment-link: the order's current link as the rep (or the company) sees it. */
  async current(user: SessionUser, orderId: number): Promise<PaymentLinkStatus> {
    const order = ownOrder(user, await this.deps.orders.byId(orderId));
    const link = await this.repo.latestOfOrder(order.id);
    if (!link) {
      // where a link would go: the customer's e-mail in the ERP ('' when it has none or the ERP cannot tell now)
      const to = await this.deps.customers.profileOf(user).then((p) => mailboxesOf(p.mail), () => '');
      return { ...this.statusOf(order, undefined, null, undefined), sentTo: to };
    }
    const judged = await this.judge(link);
    return this.statusOf(order, link, judged.state, judged.payment);
  }

  /**
   * GET /api/public/payment-links/{token}: what the customer's page shows. An open payment started through the link
   * is settled first (the customer comes back from the provider to this page), exactly as the buyer's own result page
   * does; a provider that cannot tell now leaves it as it is. Unknown tokens are a 404 'Link de pago inválido'.
   */
  async view(token: string): Promise<PaymentLinkView> {
    const link = await this.byToken(token);
    let judged = await this.judge(link);
    if (judged.payment && !judged.payment.outcomeAppliedAt && judged.payment.providerId) {
      await this.settle(judged.payment);
      judged = await this.judge(link);
    }
    if (judged.state === 'INVALID') throw new HttpError(404, PAYMENT_LINK_MSG.invalid);
    const order = judged.order!;
    const lines = await this.deps.orders.lines(order.id);
    return {
      state: judged.state,
      message: judged.state === 'OPEN' ? '' : PAYMENT_LINK_REFUSAL[judged.state],
      companyName: link.companyName,
      orderNumber: order.purchaseOrderNumber ?? '',
      amount: link.amount,
      lines: lines.map((l) => ({ sku: l.sku, name: l.name, size: l.size, quantity: l.quantity, total: l.priceFinal })),
      providers: link.providers.filter((p): p is PaymentProvider => ONLINE_PROVIDERS.includes(p)),
      expiresAt: link.expiresAt.toISOString(),
      payment: judged.payment ? { provider: judged.payment.provider, state: judged.payment.state } : null,
    };
  }

  /**
   * POST /api/public/payment-links/{token}/pay: starts the order's payment with the chosen provider, for the order's
   * person and company, through the same start as the buyer's (a second click reuses the open payment). Refused with
   * the link's Spanish text when it was used, expired, or the order changed.
   */
  async pay(token: string, provider: PaymentProvider): Promise<PaymentLinkPayResponse> {
    const link = await this.byToken(token);
    const judged = await this.judge(link);
    if (judged.state !== 'OPEN') throw new HttpError(REFUSAL_STATUS[judged.state], PAYMENT_LINK_REFUSAL[judged.state]);
    if (!link.providers.includes(provider)) throw new HttpError(400, fill(PAYMENT_LINK_MSG.providerNotAllowed, { provider: PROVIDER_NAMES[provider] }));
    const order = judged.order!;
    const target = this.deps.service.orderTarget(order, provider);
    const owner = { id: order.userId };
    const payment =
      provider === 'WEBPAY'
        ? await this.deps.webpay.startFor(owner, target, cardSessionId(), token)
        : await this.deps.khipu.startFor(owner, target, paymentLinkPath(token));
    await this.repo.attachPayment(link.id, payment.id);
    return { provider, url: payment.paymentUrl ?? '', token: provider === 'WEBPAY' ? (payment.providerId ?? '') : '' };
  }

  private async byToken(token: string): Promise<PaymentLinkRow> {
    const link = token ? await this.repo.byToken(token) : undefined;
    if (!link) throw new HttpError(404, PAYMENT_LINK_MSG.invalid);
    return link;
  }

  /**
   * The link's state: USED once a payment since the link was decided (paid, or refused and the order canceled) or the
   * order left PROCESS paid; CHANGED when the order was canceled or its total is no longer the link's; INVALID when a
   * newer link replaced it; EXPIRED past its expiry unless a payment through it is still open; OPEN otherwise.
   */
  private async judge(link: PaymentLinkRow): Promise<Judged> {
    const order = await this.deps.orders.byId(link.orderId);
    const payment = await this.repo.paymentSince(link);
    const base = { link, order, payment };
    if (!order) return { ...base, state: 'INVALID' };
    if (payment?.outcomeAppliedAt || link.paidAt) return { ...base, state: 'USED' };
    if (order.orderState === 'CANCELED' || order.total !== link.amount) return { ...base, state: 'CHANGED' };
    if (order.orderState !== 'PROCESS') return { ...base, state: 'USED' };
    if (link.voidedAt) return { ...base, state: 'INVALID' };
    if (!payment && (await this.repo.expired(link))) return { ...base, state: 'EXPIRED' };
    return { ...base, state: 'OPEN' };
  }

  /** Settles an open payment of a link the way its provider's result page does; a provider that cannot tell waits. */
  private async settle(payment: PaymentRow): Promise<void> {
    const run = payment.provider === 'WEBPAY' ? this.deps.webpay.settle(payment, 'link') : this.deps.khipu.settle(payment, 'link');
    await run.catch((err: unknown) => this.deps.log.warn({ err, paymentId: payment.id }, 'link de pago: no se pudo revisar el pago; se informa lo guardado'));
  }

  /** An online order paid by card or transfer, in PROCESS, not waiting for the company's approval. */
  private assertPayable(order: OrderRow): void {
    const number = order.purchaseOrderNumber ?? '';
    const online = order.orderType === 'ONLINE' && ONLINE_PROVIDERS.includes(order.paymentMethod ?? '');
    if (!online || order.orderState !== 'PROCESS') throw new HttpError(409, fill(PAYMENT_LINK_MSG.notPayable, { number }));
  }

  private statusOf(order: OrderRow, link: PaymentLinkRow | undefined, state: PaymentLinkState | null, payment: PaymentRow | undefined): PaymentLinkStatus {
    const to = link?.sentTo ?? '';
    const message =
      state === null
        ? ''
        : state === 'OPEN'
          ? fill(PAYMENT_LINK_MSG.stateOpen, { to, until: formatDateTime(link!.expiresAt) })
          : state === 'USED' && payment?.state === 'PAID'
            ? PAYMENT_LINK_MSG.statePaid
            : PAYMENT_LINK_REFUSAL[state];
    return {
      orderId: order.id,
      orderNumber: order.purchaseOrderNumber ?? '',
      sentTo: to,
      amount: link?.amount ?? order.total,
      expiresAt: link ? link.expiresAt.toISOString() : '',
      state,
      paymentState: payment?.state ?? null,
      message,
    };
  }

  /** The customer's mail with the link, sealed in the outbox (docs/mail.md). One per link. */
  private async enqueueMail(tx: Tx, link: PaymentLinkRow, order: OrderRow, token: string): Promise<void> {
    const { brandName, publicUrl, outbox, mailDomain, sealKey } = this.deps;
    const sealer = new Sealer(sealKey);
    const url = sealer.placeholder(`${publicUrl}${paymentLinkPath(token)}`);
    const number = order.purchaseOrderNumber ?? '';
    const amount = formatCLP(link.amount);
    const until = formatDateTime(link.expiresAt);
    const intro = `Su pedido ${number} en ${brandName}, por ${amount}, está listo para pagar con ${PROVIDER_NAMES[order.paymentMethod as PaymentProvider]}.`;
    const rules = `El link sirve para un solo pago de este pedido y vence el ${until}. Si el pedido cambia, pida un link nuevo a su vendedor.`;
    const text = [`Estimado cliente ${link.companyName}:`, '', intro, '', `Pague aquí: ${url}`, '', rules, '', brandName].join('\n');
    const html = [
      `<p>Estimado cliente ${escapeHtml(link.companyName)}:</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${url}">Pagar el pedido ${escapeHtml(number)}</a></p>`,
      `<p>${escapeHtml(rules)}</p>`,
      `<p>${escapeHtml(brandName)}</p>`,
    ].join('\n');
    const subject = fill(PAYMENT_LINK_MSG.subject, { number, brand: brandName });
    const mail = { to: link.sentTo, subject, text, html, sealed: sealer.sealed };
    await enqueueMail(outbox, tx, `mail:PAYMENT_LINK:${link.id}`, mail, mailDomain);
  }
}
