import type { NotificationSection } from '../orders';
import type { NotificationRecipient } from './orders';

// Notification recipients (R-ADM-NOTIF-1: /admin/admin-emails).

export type { NotificationRecipient };

/** GET /admin/admin-emails: the list, by id. GET /admin/admin-emails/{id}: one record. */
export type NotificationList = NotificationRecipient[];

/**
 * POST /admin/admin-emails: creates (201) or, with an id, updates (200) a recipient; answers the record. A section
 * already used by another record is refused (409), and so is a fourth record.
 */
export interface SaveNotificationRequest {
  id?: number;
  name: string;
  lastName: string;
  email: string;
  section: NotificationSection;
}
