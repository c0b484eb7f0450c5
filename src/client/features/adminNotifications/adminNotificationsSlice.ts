import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NotificationRecipient, SaveNotificationRequest } from '@shared/api/notifications';
import { loggedOut, sessionExpired } from '@client/app/events';
import { flowSteps, idleFlow, type Flow, type Loadable } from '@client/app/loadable';
import { wholeListLoad } from '@client/app/pagedList';

// Notification recipients (R-ADM-NOTIF-1): at most one per section, so at most three.

export type { Flow, FlowStatus, Loadable, LoadStatus } from '@client/app/loadable';

export interface AdminNotificationsState {
  /** Every record: the list, and the sections the forms may still offer. */
  notifications: Loadable<NotificationRecipient[]>;
  /** The record on the update screen, and the id it was asked for. */
  notification: Loadable<NotificationRecipient | null>;
  notificationId: number | null;
  save: Flow;
  remove: Flow;
}


export const initialAdminNotificationsState: AdminNotificationsState = {
  notifications: { status: 'idle', data: [], error: null },
  notification: { status: 'idle', data: null, error: null },
  notificationId: null,
  save: idleFlow,
  remove: idleFlow,
};

const byId = (a: NotificationRecipient, b: NotificationRecipient) => a.id - b.id;

/** The recipients, answered whole (at most one a section). */
const recipients = wholeListLoad<NotificationRecipient, 'notifications'>('notifications');

/** The flows' steps (save, delete, retry…). */
const removeSteps = flowSteps<'remove'>('remove');
const saveSteps = flowSteps<'save'>('save');

const adminNotificationsSlice = createSlice({
  name: 'adminNotifications',
  initialState: initialAdminNotificationsState,
  reducers: {
    /** /admin/email mounted (or 'Reintentar'). */
    notificationListOpened(state) {
      state.notifications.status = 'loading';
    },
    /** /admin/email-add mounted: the list is read again for the free sections; an earlier failure is not shown. */
    notificationCreateOpened(state) {
      state.notifications.status = 'loading';
      state.save = idleFlow;
    },
    notificationsLoadStarted: recipients.started,
    notificationsLoaded: recipients.loaded,
    notificationsLoadFailed: recipients.failed,

    /** 'Editar' of a row: the update screen opens with the id in its address. */
    notificationEditChosen(_state, _action: PayloadAction<number>) {},
    /** /admin/email-update/:id mounted with the id of its address: the record and the list load. */
    notificationEditOpened(state, action: PayloadAction<number>) {
      state.notification = { status: 'loading', data: null, error: null };
      state.notificationId = action.payload;
      state.notifications.status = 'loading';
      state.save = idleFlow;
    },
    notificationLoaded(state, action: PayloadAction<NotificationRecipient>) {
      state.notification = { status: 'loaded', data: action.payload, error: null };
    },
    notificationLoadFailed(state, action: PayloadAction<string>) {
      state.notification = { status: 'failed', data: null, error: action.payload };
    },

    /** 'Guardar' or 'Actualizar' with a valid form (with an id it is an update). */
    notificationSaveSubmitted: saveSteps.start<SaveNotificationRequest>(),
    notificationSaveDeclined: saveSteps.idle,
    notificationSaved(state, action: PayloadAction<NotificationRecipient>) {
      state.save = idleFlow;
      const saved = action.payload;
      state.notifications.data = [...state.notifications.data.filter((n) => n.id !== saved.id), saved].sort(byId);
      if (state.notificationId === saved.id) state.notification = { status: 'loaded', data: saved, error: null };
    },
    notificationSaveFailed: saveSteps.failed,
    notificationSaveErrorClosed: saveSteps.idle,

    /** 'Eliminar' of the list: the saga asks first. */
    notificationDeleteRequested: removeSteps.start<NotificationRecipient>(),
    notificationDeleteDeclined: removeSteps.idle,
    notificationDeleted(state, action: PayloadAction<number>) {
      state.remove = idleFlow;
      state.notifications.data = state.notifications.data.filter((n) => n.id !== action.payload);
    },
    notificationDeleteFailed: removeSteps.failed,
  },
  // another admin may log in next: nothing of this one stays
  extraReducers: (builder) =>
    builder.addCase(loggedOut, () => initialAdminNotificationsState).addCase(sessionExpired, () => initialAdminNotificationsState),
});

export const {
  notificationListOpened,
  notificationCreateOpened,
  notificationsLoadStarted,
  notificationsLoaded,
  notificationsLoadFailed,
  notificationEditChosen,
  notificationEditOpened,
  notificationLoaded,
  notificationLoadFailed,
  notificationSaveSubmitted,
  notificationSaveDeclined,
  notificationSaved,
  notificationSaveFailed,
  notificationSaveErrorClosed,
  notificationDeleteRequested,
  notificationDeleteDeclined,
  notificationDeleted,
  notificationDeleteFailed,
} = adminNotificationsSlice.actions;
export const adminNotificationsReducer = adminNotificationsSlice.reducer;
