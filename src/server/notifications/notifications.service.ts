import type { NotificationRecipient } from '@shared/api/orders';
import { MSG, fill } from '@shared/messages';
import type { NotificationSection } from '@shared/orders';
import { MAX_NOTIFICATIONS, NOTIFICATION_MSG, SECTION_LABELS, type NotificationForm } from '@shared/schemas/notifications';
import { AuditLog, changedFields, pickValues } from '../audit/auditLog';
import type { Db } from '../db/connect';
import { HttpError } from '../errors';
import type { SessionUser } from '../plugins/auth';
import { RecipientsRepo } from './recipients.repo';

const sectionTaken = (section: NotificationSection) => new HttpError(409, fill(NOTIFICATION_MSG.sectionTaken, { section: SECTION_LABELS[section] }));
const notFound = () => new HttpError(404, NOTIFICATION_MSG.notFound);

/** The unique index on the section refused a row another request saved first. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * Notification recipients (R-ADM-NOTIF-1 to R-ADM-NOTIF-3): who receives each section's mail. One record per
 * section, so at most one per section; each admin change and its audit row commit together.
 */
export class NotificationsService {
  readonly recipients: RecipientsRepo;

  constructor(
    private readonly db: Db,
    private readonly brandName: string,
  ) {
    this.recipients = new RecipientsRepo(db);
  }

  /** 'No existe correo para notificar a {brand}' as a 404. */
  noRecipient(): HttpError {
    return new HttpError(404, fill(MSG.noRecipient, { brand: this.brandName }));
  }

  /** The recipient of a section, or the 404 that none is set. */
  async recipientOf(section: NotificationSection): Promise<NotificationRecipient> {
    const recipient = await this.recipients.bySection(section);
    if (!recipient) throw this.noRecipient();
    return recipient;
  }

  list(): Promise<NotificationRecipient[]> {
    return this.recipients.list();
  }

  async byId(id: number): Promise<NotificationRecipient> {
    const recipient = await this.recipients.byId(id);
    if (!recipient) throw notFound();
    return recipient;
  }

  /** Creates (no id) or updates (id) a recipient; `created` tells which. */
  async save(actor: SessionUser, form: NotificationForm): Promise<{ recipient: NotificationRecipient; created: boolean }> {
    const { db, recipients } = this;
    const { id, name, lastName, email, section } = form;
    const fields = { name, lastName, email, section };
    const holder = await recipients.bySection(section);
    if (holder && holder.id !== id) throw sectionTaken(section);
    try {
      if (id) {
        const updated = await db.transaction(async (tx) => {
          const before = await recipients.byId(id, tx);
          if (!before) throw notFound();
          const after = await recipients.update(id, fields, tx);
          const changed = changedFields(before, fields, ['name', 'lastName', 'email', 'section']) as Array<keyof typeof fields>;
          if (changed.length) {
            await AuditLog.record(tx, { actor, action: 'update', entity: 'notification', entityId: id, fields: changed, before: pickValues(before, changed), after: pickValues(fields, changed), details: { section } });
          }
          return after;
        });
        if (!updated) throw notFound();
        return { recipient: updated, created: false };
      }
      const created = await db.transaction(async (tx) => {
        if ((await recipients.count(tx)) >= MAX_NOTIFICATIONS) throw new HttpError(409, fill(NOTIFICATION_MSG.full, { max: MAX_NOTIFICATIONS }));
        const row = await recipients.insert(fields, tx);
        await AuditLog.record(tx, { actor, action: 'create', entity: 'notification', entityId: row.id, fields: Object.keys(fields), after: { ...fields }, details: { section } });
        return row;
      });
      return { recipient: created, created: true };
    } catch (err) {
      if (isUniqueViolation(err)) throw sectionTaken(section);
      throw err;
    }
  }

  async delete(actor: SessionUser, id: number): Promise<void> {
    const { recipients } = this;
    await this.db.transaction(async (tx) => {
      const before = await recipients.byId(id, tx);
      if (!before || !(await recipients.delete(before.id, tx))) throw notFound();
      await AuditLog.record(tx, {
        actor,
        action: 'delete',
        entity: 'notification',
        entityId: before.id,
        before: pickValues(before, ['name', 'lastName', 'email', 'section']),
        details: { section: before.section },
      });
    });
  }
}
