import type { AdminNotificationsState } from './adminNotificationsSlice';

/** The part of the store this feature reads (typed on its own slice, so it does not depend on the others). */
export interface AdminNotificationsRootState {
  adminNotifications: AdminNotificationsState;
}

export const selectNotifications = (state: AdminNotificationsRootState) => state.adminNotifications.notifications;
export const selectEditedNotification = (state: AdminNotificationsRootState) => state.adminNotifications.notification;
export const selectEditedNotificationId = (state: AdminNotificationsRootState) => state.adminNotifications.notificationId;
export const selectNotificationSave = (state: AdminNotificationsRootState) => state.adminNotifications.save;
export const selectNotificationDelete = (state: AdminNotificationsRootState) => state.adminNotifications.remove;
