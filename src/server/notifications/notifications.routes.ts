import type { FastifyInstance } from 'fastify';
import type { PublicRecipient } from '@shared/api/customerRequest';
import type { NotificationRecipient } from '@shared/api/orders';
import { MSG } from '@shared/messages';
import { sectionParams } from '@shared/schemas/orders';
import { NOTIFICATION_MSG, notificationIdParams, notificationSchema } from '@shared/schemas/notifications';
import { HttpError } from '../errors';
import type { NotificationsService } from './notifications.service';
import { requireUser } from '../plugins/auth';
import { answer, listOf, MESSAGE } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';

/**
 * Notification recipients: the admin API (list, one, create or update — POST with an id —, delete; ADMIN and
 * SUPERADMIN only) and the recipient of a section for the portal's forms.
 */
export default async function notificationsRoutes(app: FastifyInstance, opts: { notifications: NotificationsService }) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { notifications } = opts;
  const admin = { config: { access: 'admin' as const } };
  const byId = { ...admin, schema: { params: notificationIdParams } };

  // Logged-in users get the record. A visitor (the customer creation request) may only ask whether the
  // CREATION_USER recipient exists, and never learns its address.
  api.get(
    '/api/user/sendmail/section/:section',
    { config: { access: 'public' }, schema: { params: sectionParams, response: { 200: { anyOf: [answer('NotificationRecipient'), answer('PublicRecipient')] } } } },
    async (request): Promise<NotificationRecipient | PublicRecipient> => {
      const { section } = request.params;
      const session = section === 'CREATION_USER' ? await app.optionalSession(request).catch(() => undefined) : await app.optionalSession(request);
      if (!session && section !== 'CREATION_USER') throw new HttpError(401, MSG.notAuthenticated);
      const recipient = await notifications.recipientOf(section);
      return session ? recipient : { id: recipient.id, section: recipient.section };
    },
  );

  app.get('/api/admin/admin-emails', { ...admin, schema: { response: { 200: listOf('NotificationRecipient') } } }, () => notifications.list());

  api.get('/api/admin/admin-emails/:id', { ...byId, schema: { ...byId.schema, response: { 200: answer('NotificationRecipient') } } }, (request) => notifications.byId(request.params.id));

  api.post('/api/admin/admin-emails', { ...admin, schema: { body: notificationSchema, response: { 200: answer('NotificationRecipient'), 201: answer('NotificationRecipient') } } }, async (request, reply) => {
    const { recipient, created } = await notifications.save(requireUser(request), request.body);
    return created ? reply.code(201).send(recipient) : recipient;
  });

  api.delete('/api/admin/admin-emails/:id', { ...byId, schema: { ...byId.schema, response: { 200: MESSAGE } } }, async (request) => {
    await notifications.delete(requireUser(request), request.params.id);
    return { message: NOTIFICATION_MSG.deleted };
  });
}
