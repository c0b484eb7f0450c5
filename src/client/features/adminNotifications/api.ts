import type { NotificationList, NotificationRecipient, SaveNotificationRequest } from '@shared/api/notifications';
import type { MessageResponse } from '@shared/api/types';
import { http, type RequestOptions } from '@client/api/http';

// The calls of notification administration.

export const fetchNotifications = (options?: RequestOptions) => http.get<NotificationList>('/admin/admin-emails', options);

export const fetchNotification = (id: number, options?: RequestOptions) => http.get<NotificationRecipient>(`/admin/admin-emails/${id}`, options);

/** Without id it creates (201), with one it updates (200); both answer the record. */
export const saveNotification = (body: SaveNotificationRequest, options?: RequestOptions) => http.post<NotificationRecipient>('/admin/admin-emails', body, options);

export const deleteNotification = (id: number, options?: RequestOptions) => http.delete<MessageResponse>(`/admin/admin-emails/${id}`, options);
