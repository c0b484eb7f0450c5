import type { FastifyBaseLogger } from 'fastify';
import type { OrderMailRequest } from '@shared/api/orders';
import type { MessageResponse } from '@shared/api/types';
import { MSG, fill } from '@shared/messages';
import { NOTIFICATION_MSG } from '@shared/schemas/notifications';
import type { Db } from '../db/connect';
import type { OrderRow } from '../db/schema';
import { HttpError } from '../errors';
import type { OutboxWorker } from '../jobs/outbox';
import type { Outbox } from '../jobs/outbox.repo';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SessionUser } from '../plugins/auth';
import type { CustomerDirectory } from '../profile/customers.service';
import { enqueueMail, orderMailKey } from './mailJob';
import { OrderRepo } from '../orders/orders.repo';
import { UsersRepo } from '../users/users.repo';
import { buildOrderMail, chequeAttachment, findOwnOrder, type BuiltMail, type Company } from './orderMail';

export interface OrderMailDeps {
  db: Db;
  outbox: Outbox;
  worker: OutboxWorker;
  customers: CustomerDirectory;
  notifications: NotificationsService;
  brandName: string;
  /** The Message-ID domain: the sender's. */
  mailDomain: string;
  log: FastifyBaseLogger;
}

/**
 * The notification mails of an order (R-MAIL-1, R-CHK-5, R-PAY-CHQ-1): a reservation's, and the cheque payment's
 * (queued with the photo by the cheque payment, `payments/cheque.service.ts`). Asked again, a mail is not sent twice.
 */
export class OrderMailService {
  /** The orders the mails are built from (the cheque payment reads them here too). */
  readonly orders: OrderRepo;
  private readonly users: UsersRepo;

  constructor(readonly deps: OrderMailDeps) {
    this.orders = new OrderRepo(deps.db);
    this.users = new UsersRepo(deps.db);
  }

  /** The company comes from the ERP profile; with the ERP down the mail still goes, naming the partner code. */
  async companyOf(user: SessionUser, order: OrderRow): Promise<Company> {
    try {
      const profile = await this.deps.customers.profileOf(user);
      return { nombre: profile.nombre, rut: profile.rut };
    } catch (err) {
      this.deps.log.warn({ err, order: order.purchaseOrderNumber }, 'correo de pedido sin datos del ERP: se usa el código de cliente');
      return { nombre: order.cardCode, rut: order.companyRut || user.companyRut };
    }
  }

  /** The mail of `kind` for the buyer's order, from the server's own order and lines. */
  async orderMail(kind: 'RESERVE' | 'CHEQUE', user: SessionUser, order: OrderRow): Promise<BuiltMail> {
    const company = await this.companyOf(user, order);
    // who placed the order (a person of the company, maybe not the caller)
    const placer = await this.users.findById(order.userId);
    const person = placer ? { name: placer.fullName, rut: placer.username } : undefined;
    return buildOrderMail({ kind, brand: this.deps.brandName, order, lines: await this.orders.lines(order.id), company, person });
  }

  /** The notification of a reservation (the reserve flow's last step), or the cheque mail already queued. */
  async notify(user: SessionUser, request: OrderMailRequest): Promise<MessageResponse> {
    const { db, outbox, worker, notifications, brandName, mailDomain } = this.deps;
    const { numberOrder, section } = request;
    const order = await findOwnOrder(this.orders, user, numberOrder);
    const wrongSection = new HttpError(409, fill(NOTIFICATION_MSG.sectionNotForOrder, { section, number: numberOrder }));
    if (section === 'CREATION_USER' || section === 'ACCOUNT_CLAIM') throw wrongSection;
    if (section === 'RESERVE' && order.orderType !== 'RESERVE') throw wrongSection;
    // The cheque mail goes with the photo (POST /user/pay-cheque); asked here, it is that same mail.
    if (section === 'CHEQUE' && order.paymentMethod !== 'CHEQUE') throw wrongSection;
    if (section === 'CHEQUE' && !order.chequeFileKey) throw new HttpError(409, MSG.chequePhotoMissing);
    if (order.orderState === 'CANCELED') throw new HttpError(409, fill(NOTIFICATION_MSG.orderCanceled, { number: numberOrder }));

    const recipient = await notifications.recipientOf(section);
    const key = orderMailKey(section, numberOrder);
    const answer = { message: fill(NOTIFICATION_MSG.mailSent, { brand: brandName }) };
    if (await outbox.byKey(key)) return answer;

    const mail = await this.orderMail(section, user, order);
    const attachments = section === 'CHEQUE' ? [chequeAttachment(numberOrder, order.chequeFileKey!)] : undefined;
    const { created } = await enqueueMail(outbox, db, key, { to: recipient.email, ...mail, attachments }, mailDomain);
    if (created) worker.kick();
    return answer;
  }
}
