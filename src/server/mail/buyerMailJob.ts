// Renders the buyer's mail jobs ('orderConfirmed', 'invoicesPaid') when the worker runs them: the stored order or
// payment, and the recipient from the ERP. The recipient is the company e-mail of the business partner in the ERP
// (EmailAddress); without one, the portal user's e-mail; without either, nothing is sent and a warning is logged
// (the order or payment is never affected: it was confirmed before the mail was even built).
import type { FastifyBaseLogger } from 'fastify';
import type { CustomerProfile } from '@shared/api/erp';
import type { Db } from '../db/connect';
import { ErpError } from '../erp/errors';
import type { ErpService } from '../erp/erp.service';
import { PermanentJobError, type JobInfo } from '../jobs/outbox';
import { buildInvoicesPaidMail, buildOrderConfirmedMail, type PaymentEvidence } from './buyerMail';
import type { MailTemplateRenderer, RenderedMail, TemplateMailPayload } from './mailJob';
import type { Company, MailPerson } from './orderMail';
import { OrderRepo } from '../orders/orders.repo';
import { PaymentRepo } from '../payments/payments.repo';
import { UsersRepo } from '../users/users.repo';

/**
 * Tries in which an ERP that cannot be asked (down, slow) makes the job wait for it (about 8 minutes with the
 * default backoff). After them, the portal user's e-mail is used, if there is one; if not, the job keeps waiting for the
 * ERP like any failed try.
 */
export const ERP_TRIES_BEFORE_FALLBACK = 10;

/** One address as a mailbox accepts it: no spaces, quotes, angle brackets or line breaks can get through. */
const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * The valid addresses of an e-mail field, joined for a To ('a@x.cl, b@x.cl'): the ERP field sometimes holds several,
 * separated by ';' or ','. Empty when there is none.
 */
export function mailboxesOf(value: string | null | undefined): string {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const part of (value ?? '').split(/[;,\s]+/)) {
    if (!ADDRESS.test(part) || part.length > 254 || seen.has(part.toLowerCase())) continue;
    seen.add(part.toLowerCase());
    list.push(part);
  }
  return list.slice(0, 5).join(', ');
}

export interface BuyerMailDeps {
  db: Db;
  erp: ErpService;
  brand: string;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

interface Recipient {
  to: string;
  company: Company;
  /** Who of the company placed the order or paid. */
  person?: MailPerson;
}

export function createBuyerMailRenderer(deps: BuyerMailDeps): MailTemplateRenderer {
  const { db, erp, brand, log } = deps;
  const users = new UsersRepo(db);
  const orders = new OrderRepo(db);
  const payments = new PaymentRepo(db);

  /** The buyer's company and where its mail goes; undefined (logged) when there is nowhere to send it. */
  async function recipientOf(cardCode: string, userId: number, job: JobInfo, what: string): Promise<Recipient | undefined> {
    const user = await users.findById(userId);
    let profile: CustomerProfile | undefined;
    let erpDown = false;
    try {
      profile = await erp.getCustomer(cardCode);
    } catch (err) {
      const missing = err instanceof ErpError && err.code === 'ERP_NOT_FOUND';
      erpDown = !missing;
      // an ERP that cannot be asked may still hold the address: wait for it a while, and longer without a fallback
      if (erpDown && (job.attempts < ERP_TRIES_BEFORE_FALLBACK || !mailboxesOf(user?.email))) throw err;
      log?.warn({ err, cardCode, what }, missing ? 'correo al comprador: el ERP no tiene al cliente' : 'correo al comprador: el ERP no responde, se usa el correo del usuario');
    }
    const company: Company = profile ? { nombre: profile.nombre, rut: profile.rut } : { nombre: cardCode, rut: user?.companyRut || user?.username || '' };
    const person = user ? { name: user.fullName, rut: user.username } : undefined;
    const fromErp = mailboxesOf(profile?.mail);
    if (fromErp) return { to: fromErp, company, person };
    const fromUser = mailboxesOf(user?.email);
    if (fromUser) {
      if (!erpDown) log?.info({ cardCode, what }, 'correo al comprador: el ERP no tiene correo de la empresa, se usa el del usuario');
      return { to: fromUser, company, person };
    }
    log?.warn({ cardCode, userId, what }, 'correo al comprador no enviado: ni el ERP ni el usuario tienen un correo válido');
    return undefined;
  }

  async function transportName(code: string): Promise<string | undefined> {
    if (!code) return undefined;
    try {
      return (await erp.listTransports()).find((t) => t.idTransporte === code)?.transporte;
    } catch {
      return undefined; // the code is shown instead
    }
  }

  async function orderConfirmed(orderId: number, job: JobInfo): Promise<RenderedMail | null> {
    const order = await orders.byId(orderId);
    if (!order) throw new PermanentJobError(`el pedido ${orderId} no existe`);
    const number = order.purchaseOrderNumber ?? String(order.id);
    if (order.orderState !== 'CONFIRMED') {
      log?.warn({ orderId, number, state: order.orderState }, 'correo al comprador no enviado: el pedido no está confirmado');
      return null;
    }
    const recipient = await recipientOf(order.cardCode, order.userId, job, number);
    if (!recipient) return null;
    const paid = await payments.paidOfOrder(order.id);
    const mail = buildOrderConfirmedMail({
      brand,
      order,
      lines: await orders.lines(order.id),
      company: recipient.company,
      person: recipient.person,
      transport: order.deliveryType === 'entrega' ? await transportName(order.deliveryTransport) : undefined,
      payment: paid ? evidenceOf(paid) : undefined,
    });
    return { to: recipient.to, ...mail };
  }

  async function invoicesPaid(paymentId: number, job: JobInfo): Promise<RenderedMail | null> {
    const payment = await payments.byId(paymentId);
    if (!payment || payment.purpose !== 'INVOICES') throw new PermanentJobError(`el pago de facturas ${paymentId} no existe`);
    if (payment.state !== 'PAID') {
      log?.warn({ paymentId, state: payment.state }, 'correo al comprador no enviado: el pago no está pagado');
      return null;
    }
    const recipient = await recipientOf(payment.cardCode, payment.userId, job, payment.reference);
    if (!recipient) return null;
    const mail = buildInvoicesPaidMail({
      brand,
      company: recipient.company,
      person: recipient.person,
      provider: payment.provider,
      paidAt: payment.outcomeAppliedAt ?? payment.updatedAt,
      amount: payment.amount,
      invoices: payment.invoices,
      payment: evidenceOf(payment),
    });
    return { to: recipient.to, ...mail };
  }

  return (payload: TemplateMailPayload, job: JobInfo) =>
    payload.template === 'orderConfirmed' ? orderConfirmed(payload.orderId, job) : invoicesPaid(payload.paymentId, job);
}

/** The reference and, for a card, the authorization code the provider answered. */
function evidenceOf(payment: { provider: string; reference: string; result: unknown }): PaymentEvidence {
  const code = (payment.result as { authorization_code?: unknown } | null)?.authorization_code;
  const authorizationCode = payment.provider === 'WEBPAY' && typeof code === 'string' && code && code !== '000000' ? code : undefined;
  return { reference: payment.reference, ...(authorizationCode ? { authorizationCode } : {}) };
}
