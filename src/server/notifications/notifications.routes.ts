import type { FastifyInstance } from 'fastify';
import { fill } from '@shared/messages';
import type { NotificationSection } from '@shared/orders';
import {
  MAX_NOTIFICATIONS,
  NOTIFICATION_MSG,
  SECTION_LABELS,
  notificationIdParams,
  notificationSchema,
  type NotificationForm,
} from '@shared/schemas/notifications';
import { AuditLog, changedFields } from '../audit/auditLog';
import { HttpError } from '../errors';
import type { MailContext } from '../mail/mail.routes';

const sectionTaken = (section: NotificationSection) => new HttpError(409, fill(NOTIFICATION_MSG.sectionTaken, { section: SECTION_LABELS[section] }));

/** The unique index on the section refused a row another request saved first. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * Notification recipients (admin document sections 2, 4, 5 and 7): list, one, create or update (POST with an id),
 * delete. One record per section, so at most three; ADMIN and SUPERADMIN only.
 */
export default async function adminRoutes(app: FastifyInstance, ctx: MailContext) {
  const { recipients, db } = ctx;
  const admin = { config: { access: 'admin' as const } };
  const byId = { ...admin, schema: { params: notificationIdParams } };
  const notFound = () => new HttpError(404, NOTIFICATION_MSG.notFound);

  app.get('/api/admin/admin-emails', admin, () => recipients.list());

  app.get<{ Params: { id: number } }>('/api/admin/admin-emails/:id', byId, async (request) => {
    const recipient = await recipients.byId(request.params.id);
    if (!recipient) throw notFound();
    return recipient;
  });

  // Each change and its audit row commit together.
  app.post<{ Body: NotificationForm }>('/api/admin/admin-emails', { ...admin, schema: { body: notificationSchema } }, async (request, reply) => {
    const actor = request.sessionUser!;
    const { id, name, lastName, email, section } = request.body;
    const fields = { name, lastName, email, section };
    const holder = await recipients.bySection(section);
    if (holder && holder.id !== id) throw sectionTaken(section);
    try {
      if (id) {
        const updated = await db.transaction(async (tx) => {
          const before = await recipients.byId(id, tx);
          if (!before) throw notFound();
          const after = await recipients.update(id, fields, tx);
          const changed = changedFields(before, fields, ['name', 'lastName', 'email', 'section']);
          if (changed.length) await AuditLog.record(tx, { actor, action: 'update', entity: 'notification', entityId: id, fields: changed, details: { section } });
          return after;
        });
        if (!updated) throw notFound();
        return updated;
      }
      const created = await db.transaction(async (tx) => {
        if ((await recipients.count(tx)) >= MAX_NOTIFICATIONS) throw new HttpError(409, fill(NOTIFICATION_MSG.full, { max: MAX_NOTIFICATIONS }));
        const row = await recipients.insert(fields, tx);
        await AuditLog.record(tx, { actor, action: 'create', entity: 'notification', entityId: row.id, fields: Object.keys(fields), details: { section } });
        return row;
      });
      return reply.code(201).send(created);
    } catch (err) {
      if (isUniqueViolation(err)) throw sectionTaken(section);
      throw err;
    }
  });

  app.delete<{ Params: { id: number } }>('/api/admin/admin-emails/:id', byId, async (request) => {
    const actor = request.sessionUser!;
    await db.transaction(async (tx) => {
      const before = await recipients.byId(request.params.id, tx);
      if (!before || !(await recipients.delete(before.id, tx))) throw notFound();
      await AuditLog.record(tx, { actor, action: 'delete', entity: 'notification', entityId: before.id, details: { section: before.section } });
    });
    return { message: NOTIFICATION_MSG.deleted };
  });
}
