// R-ADM-NOTIF-1, R-ADM-NOTIF-2: the routes of notification administration.
export const NOTIFICATION_LIST_PATH = '/admin/email';
export const NOTIFICATION_CREATE_PATH = '/admin/email-add';
export const NOTIFICATION_UPDATE_PATH = '/admin/email-update';
/** The update screen of one recipient: its id is in the address. */
export const notificationUpdatePath = (id: number) => `${NOTIFICATION_UPDATE_PATH}/${id}`;
