import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { NotificationRecipient, SaveNotificationRequest } from '@shared/api/notifications';
import { fill } from '@shared/messages';
import { NOTIFICATION_MSG, SECTION_LABELS } from '@shared/schemas/notifications';
import { toApiError } from '@client/api/http';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { wholeListSaga } from '@client/app/pagedListSagas';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { NOTIFICATION_LIST_PATH, notificationUpdatePath } from './adminNotificationsPaths';
import {
  notificationCreateOpened,
  notificationDeleted,
  notificationDeleteDeclined,
  notificationDeleteFailed,
  notificationDeleteRequested,
  notificationEditChosen,
  notificationEditOpened,
  notificationListOpened,
  notificationLoaded,
  notificationLoadFailed,
  notificationSaved,
  notificationSaveDeclined,
  notificationSaveFailed,
  notificationSaveSubmitted,
  notificationsLoaded,
  notificationsLoadFailed,
  notificationsLoadStarted,
} from './adminNotificationsSlice';
import { ADMIN_NOTIFICATIONS_TEXT } from './adminNotificationsTexts';
import { deleteNotification, fetchNotification, fetchNotifications, saveNotification } from './api';

/** The texts of a save (R-ADM-NOTIF-2): creation without an id, update with one. */
export function saveTexts(request: SaveNotificationRequest) {
  const T = ADMIN_NOTIFICATIONS_TEXT;
  const M = NOTIFICATION_MSG;
  return request.id
    ? { prompt: confirmRequested({ title: M.updatePrompt, positive: M.updateConfirm, negative: M.updateDecline }), done: M.updated, declined: M.notUpdated }
    : { prompt: confirmRequested({ title: T.createPrompt, positive: T.createConfirm, negative: T.createDecline }), done: M.created, declined: M.notCreated };
}

/** The recipients, whole. */
export const handleNotificationsLoad = wholeListSaga(
  { started: notificationsLoadStarted, loaded: notificationsLoaded, failed: notificationsLoadFailed },
  fetchNotifications,
);

/** 'Editar': the id travels in the address (/admin/email-update/:id), so a reload of the update screen still works. */
export function* handleNotificationEditChosen(action: PayloadAction<number>) {
  yield call(navigateTo, notificationUpdatePath(action.payload));
}

export function* handleNotificationLoad(id: number) {
  try {
    const record: NotificationRecipient = yield call(callWithTimeout, fetchNotification, id);
    yield put(notificationLoaded(record));
  } catch (error) {
    yield put(notificationLoadFailed(toApiError(error).message));
  }
}

/** The update screen: the record, and the list (the sections the other records use). */
export function* handleNotificationEditOpened(action: PayloadAction<number>) {
  yield all([call(handleNotificationLoad, action.payload), call(handleNotificationsLoad)]);
}

/**
 * 'Guardar' / 'Actualizar': confirm, save; 'Creada la Notificación!' or 'Actualizado!', declined 'Notificación no
 * creada' or 'Notificación no actualizada'; then back to /admin/email either way. A refused save stays on the form.
 */
export function* handleNotificationSaveSubmitted(action: PayloadAction<SaveNotificationRequest>) {
  const texts = saveTexts(action.payload);
  yield put(texts.prompt);
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(notificationSaveDeclined());
    yield call(navigateTo, NOTIFICATION_LIST_PATH);
    yield call(notify, texts.declined, 'info');
    return;
  }
  try {
    const saved: NotificationRecipient = yield call(callWithTimeout, saveNotification, action.payload);
    yield put(notificationSaved(saved));
    yield call(navigateTo, NOTIFICATION_LIST_PATH);
    yield call(notify, texts.done, 'success');
  } catch (error) {
    const { message } = toApiError(error);
    yield put(notificationSaveFailed(message));
    yield call(notify, message, 'error');
  }
}

/** 'Eliminar': a confirmation first, then 'Eliminado!'. */
export function* handleNotificationDeleteRequested(action: PayloadAction<NotificationRecipient>) {
  const { id, section } = action.payload;
  const T = ADMIN_NOTIFICATIONS_TEXT;
  yield put(confirmRequested({ title: fill(T.deletePrompt, { section: SECTION_LABELS[section] }), positive: T.deleteConfirm, negative: T.deleteDecline }));
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(notificationDeleteDeclined());
    yield call(notify, T.notDeleted, 'info');
    return;
  }
  try {
    yield call(callWithTimeout, deleteNotification, id);
    yield put(notificationDeleted(id));
    yield call(notify, NOTIFICATION_MSG.deleted, 'success');
  } catch (error) {
    const { message } = toApiError(error);
    yield put(notificationDeleteFailed(message));
    yield call(notify, message, 'error');
  }
}

export function* watchNotificationsLoad() {
  yield takeLatest([notificationListOpened.type, notificationCreateOpened.type], safe(handleNotificationsLoad));
}

export function* watchNotificationEditChosen() {
  yield takeLatest(notificationEditChosen.type, safe(handleNotificationEditChosen));
}

export function* watchNotificationEditOpened() {
  yield takeLatest(notificationEditOpened.type, safe(handleNotificationEditOpened));
}

/** One save at a time: a second submit while one runs is ignored. */
export function* watchNotificationSaveSubmitted() {
  yield takeLeading(notificationSaveSubmitted.type, safe(handleNotificationSaveSubmitted));
}

export function* watchNotificationDeleteRequested() {
  yield takeLeading(notificationDeleteRequested.type, safe(handleNotificationDeleteRequested));
}

export function* adminNotificationsSaga() {
  yield all([
    fork(watchNotificationsLoad),
    fork(watchNotificationEditChosen),
    fork(watchNotificationEditOpened),
    fork(watchNotificationSaveSubmitted),
    fork(watchNotificationDeleteRequested),
  ]);
}
