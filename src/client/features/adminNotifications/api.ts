import type { NotificationList, NotificationRecipient, SaveNotificationRequest } from '@shared/api/notifications';
import type { MessageResponse } from '@shared/api/types';
import { http } from '@client/api/http';

// Admin document section 7: the calls of notification administration.

export const fetchNotifications = () => http.get<NotificationList>('/admin/admin-emails');

export const fetchNotification = (id: number) => http.get<NotificationRecipient>(`/admin/admin-emails/${id}`);

/** Without id it creates (201), with one it updates (200); both answer the record. */
export const saveNotification = (body: SaveNotificationRequest) => http.post<NotificationRecipient>('/admin/admin-emails', body);

export const deleteNotification = (id: number) => http.delete<MessageResponse>(`/admin/admin-emails/${id}`);
