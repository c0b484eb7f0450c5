import type { FastifyPluginAsync } from 'fastify';
import type { PublicRecipient } from '@shared/api/customerRequest';
import type { NotificationRecipient, OrderMailRequest } from '@shared/api/orders';
import { MSG, fill } from '@shared/messages';
import type { NotificationSection } from '@shared/orders';
import { orderMailSchema, sectionParams } from '@shared/schemas/orders';
import { NOTIFICATION_MSG } from '@shared/schemas/notifications';
import type { RouteDeps } from '../app';
import type { OrderRow } from '../db/schema';
import { HttpError } from '../errors';
import type { Mailer } from '../integrations/mailer';
import type { SessionUser } from '../plugins/auth';
import adminRoutes from '../notifications/notifications.routes';
import chequeRoutes from '../payments/cheque.routes';
import customerRequestRoutes from '../customerRequest/customerRequest.routes';
import { createBuyerMailRenderer } from './buyerMailJob';
import { MAIL_JOB, enqueueMail, mailDomainOf, mailJobHandler, orderMailKey } from './mailJob';
import { buildOrderMail, chequeAttachment, findOwnOrder, linesOf, type Company } from './orderMail';
import type { PrivateFileStore } from '../storage/privateFiles';
import { RecipientsRepo } from '../notifications/recipients.repo';
import { withSealedFields } from './sealedFields';

export interface MailRouteDeps extends RouteDeps {
  mailer: Mailer;
  privateFiles: PrivateFileStore;
  /** Seals secrets queued in mails (the customer request's tax password): `sealingKey(JWT secret)`. */
  sealKey: Buffer;
}

/** What the mail routes share: the recipients, the buyer's company, and how a mail is queued. */
export interface MailContext extends MailRouteDeps {
  recipients: RecipientsRepo;
  /** 'No existe correo para notificar a {brand}' as a 404. */
  noRecipient(): HttpError;
  companyOf(user: SessionUser, order: OrderRow): Promise<Company>;
  /** The Message-ID domain: the sender's. */
  mailDomain: string;
}

/**
 * Mail (customer spec sections 4 and 7, admin document: notifications): the recipient of a section, the order
 * notification, the cheque payment, and the admin API of recipients. Registers the outbox's 'mail' job handler, which
 * also renders the buyer's confirmations (docs/mail.md).
 */
const routes: FastifyPluginAsync<MailRouteDeps> = async (app, deps) => {
  const templates = createBuyerMailRenderer({ db: deps.db, erp: deps.erp, brand: deps.brandName, log: app.log });
  const sendMail = mailJobHandler({ mailer: deps.mailer, files: deps.privateFiles, logger: app.log, templates });
  deps.worker.register(MAIL_JOB, withSealedFields(deps.db, deps.sealKey, sendMail, app.log));

  const ctx: MailContext = {
    ...deps,
    recipients: new RecipientsRepo(deps.db),
    noRecipient: () => new HttpError(404, fill(MSG.noRecipient, { brand: deps.brandName })),
    mailDomain: mailDomainOf(deps.mailer.from),
    // The company comes from the ERP profile; with the ERP down the mail still goes, naming the partner code.
    async companyOf(user, order) {
      try {
        const profile = await deps.customers.profileOf(user);
        return { nombre: profile.nombre, rut: profile.rut };
      } catch (err) {
        app.log.warn({ err, order: order.purchaseOrderNumber }, 'correo de pedido sin datos del ERP: se usa el código de cliente');
        return { nombre: order.cardCode, rut: user.username };
      }
    },
  };
  const { db, outbox, worker, recipients } = ctx;

  // Logged-in users get the record. A visitor (the customer creation request) may only ask whether the
  // CREATION_USER recipient exists, and never learns its address.
  app.get<{ Params: { section: NotificationSection } }>(
    '/api/user/sendmail/section/:section',
    { config: { access: 'public' }, schema: { params: sectionParams } },
    async (request): Promise<NotificationRecipient | PublicRecipient> => {
      const { section } = request.params;
      const session = section === 'CREATION_USER' ? await app.optionalSession(request).catch(() => undefined) : await app.optionalSession(request);
      if (!session && section !== 'CREATION_USER') throw new HttpError(401, MSG.notAuthenticated);
      const recipient = await recipients.bySection(section);
      if (!recipient) throw ctx.noRecipient();
      return session ? recipient : { id: recipient.id, section: recipient.section };
    },
  );

  // The notification of a reservation (the reserve flow's last step). Asked again, it is not sent twice.
  app.post<{ Body: OrderMailRequest }>(
    '/api/user/sendmail/order',
    { config: { access: 'buyer' }, schema: { body: orderMailSchema } },
    async (request, reply) => {
      const user = request.sessionUser!;
      const { numberOrder, section } = request.body;
      const order = await findOwnOrder(db, user.id, numberOrder);
      const wrongSection = new HttpError(409, fill(NOTIFICATION_MSG.sectionNotForOrder, { section, number: numberOrder }));
      if (section === 'CREATION_USER') throw wrongSection;
      if (section === 'RESERVE' && order.orderType !== 'RESERVE') throw wrongSection;
      // The cheque mail goes with the photo (POST /user/pay-cheque); asked here, it is that same mail.
      if (section === 'CHEQUE' && order.paymentMethod !== 'CHEQUE') throw wrongSection;
      if (section === 'CHEQUE' && !order.chequeFileKey) throw new HttpError(409, MSG.chequePhotoMissing);
      if (order.orderState === 'CANCELED') throw new HttpError(409, fill(NOTIFICATION_MSG.orderCanceled, { number: numberOrder }));

      const recipient = await recipients.bySection(section);
      if (!recipient) throw ctx.noRecipient();
      const key = orderMailKey(section, numberOrder);
      const answer = { message: fill(NOTIFICATION_MSG.mailSent, { brand: deps.brandName }) };
      if (await outbox.byKey(key)) return reply.code(202).send(answer);

      const company = await ctx.companyOf(user, order);
      const mail = buildOrderMail({ kind: section, brand: deps.brandName, order, lines: await linesOf(db, order.id), company });
      const attachments = section === 'CHEQUE' ? [chequeAttachment(numberOrder, order.chequeFileKey!)] : undefined;
      const { created } = await enqueueMail(outbox, db, key, { to: recipient.email, ...mail, attachments }, ctx.mailDomain);
      if (created) worker.kick();
      return reply.code(202).send(answer);
    },
  );

  await app.register(chequeRoutes, ctx);
  await app.register(adminRoutes, ctx);
  await app.register(customerRequestRoutes, { ...ctx, sealKey: deps.sealKey });
};

export default routes;
