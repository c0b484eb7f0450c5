import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, delay, fork, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { AdminUser, AdminUserPage, SaveUserRequest } from '@shared/api/adminUsers';
import { fill } from '@shared/messages';
import { isNewUserId, USER_MSG } from '@shared/schemas/users';
import { toApiError, type Download } from '@client/api/http';
import { failureOf } from '@client/app/problems';
import type { ListQuery } from '@client/api/lists';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import { saveFile } from '@client/app/download';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { SEARCH_DEBOUNCE_MS } from '@client/app/pagedList';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { SESSION_KEYS, writeItem } from '@client/app/sessionStorage';
import { USER_LIST_PATH, USER_UPDATE_PATH } from './adminUsersPaths';
import {
  erpCustomerCheckFailed,
  erpCustomerFound,
  erpCustomerNotFound,
  userDeleted,
  userDeleteDeclined,
  userDeleteFailed,
  userDeleteRequested,
  userEditChosen,
  userEditOpened,
  userListOpened,
  usersExported,
  usersExportFailed,
  usersExportRequested,
  usersFiltersCleared,
  usersListChanged,
  usersSearchTyped,
  userLoaded,
  userLoadFailed,
  userRutEntered,
  usersLoaded,
  usersLoadFailed,
  usersLoadStarted,
  userSaved,
  userSaveDeclined,
  userSaveFailed,
  userSaveSubmitted,
  type UserChoice,
} from './adminUsersSlice';
import { ADMIN_USERS_TEXT } from './adminUsersTexts';
import { selectUsersQuery } from './adminUsersSelectors';
import { deleteUser, downloadUsersCsv, fetchErpCustomer, fetchUser, fetchUsers, saveUser, type ErpCustomer } from './api';

/** The rut is looked up this long after it was entered: a quick correction sends one look-up, not two. */
export const RUT_CHECK_DEBOUNCE_MS = 300;

/** The texts of a save: creation without an id, update with one (R-ADM-USR-2). */
export function saveTexts(request: SaveUserRequest) {
  const creating = isNewUserId((request as { id?: number }).id);
  const T = ADMIN_USERS_TEXT;
  return creating
    ? { prompt: confirmRequested({ title: T.createPrompt, positive: T.createConfirm, negative: T.createDecline }), done: USER_MSG.created, declined: USER_MSG.notCreated }
    : { prompt: confirmRequested({ title: T.updatePrompt, positive: T.updateConfirm, negative: T.updateDecline }), done: USER_MSG.updated, declined: USER_MSG.notUpdated };
}

/** The page the list's state asks for (GET /admin/users/list). */
export function* loadUsers() {
  const query: ListQuery = yield select(selectUsersQuery);
  yield put(usersLoadStarted());
  try {
    const page: AdminUserPage = yield call(callWithTimeout, fetchUsers, query);
    yield put(usersLoaded(page));
  } catch (error) {
    yield put(usersLoadFailed(failureOf(error)));
  }
}

/** A search waits for a pause in the typing (takeLatest drops the wait of the key before); anything else loads at once. */
export function* handleUserListChanged(action: { type: string }) {
  if (action.type === usersSearchTyped.type) yield delay(SEARCH_DEBOUNCE_MS);
  yield call(loadUsers);
}

/** 'Exportar CSV': every user the search and filters select, as the server writes it. */
export function* handleUsersExportRequested() {
  const query: ListQuery = yield select(selectUsersQuery);
  try {
    const file: Download = yield call(callWithTimeout, downloadUsersCsv, query);
    yield call(saveFile, file.blob, file.filename);
    yield put(usersExported());
  } catch (error) {
    const { message } = toApiError(error);
    yield put(usersExportFailed(message));
    yield call(notify, message, 'error');
  }
}

/** 'Editar': the id travels in session storage (userId), so a reload of the update screen still works. */
export function* handleUserEditChosen(action: PayloadAction<number>) {
  yield call(writeItem, SESSION_KEYS.userId, action.payload);
  yield call(navigateTo, USER_UPDATE_PATH);
}

export function* handleUserEditOpened(action: PayloadAction<number>) {
  try {
    const user: AdminUser = yield call(callWithTimeout, fetchUser, action.payload);
    yield put(userLoaded(user));
  } catch (error) {
    yield put(userLoadFailed(toApiError(error).message));
  }
}

/**
 * 'Guardar' / 'Actualizar': confirm, save, back to the list with 'Creado!' or 'Actualizado!'; declined: 'Usuario no
 * creado' or 'Usuario no actualizado' and the form stays. A refused save stays on the form with the server's message.
 */
export function* handleUserSaveSubmitted(action: PayloadAction<SaveUserRequest>) {
  const texts = saveTexts(action.payload);
  yield put(texts.prompt);
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(userSaveDeclined());
    yield call(notify, texts.declined, 'info');
    return;
  }
  try {
    const saved: AdminUser = yield call(callWithTimeout, saveUser, action.payload);
    yield put(userSaved(saved));
    yield call(navigateTo, USER_LIST_PATH);
    yield call(notify, texts.done, 'success');
  } catch (error) {
    const { message } = toApiError(error);
    yield put(userSaveFailed(message));
    yield call(notify, message, 'error');
  }
}

/**
 * A new buyer's rut in the ERP: the company's name, or why it cannot be a buyer (404: not a customer) or cannot be
 * told now (the ERP down, no answer). Run with takeLatest: another rut cancels this one, in its debounce or its call.
 */
export function* handleUserRutEntered(action: PayloadAction<string>) {
  const rut = action.payload;
  yield delay(RUT_CHECK_DEBOUNCE_MS);
  try {
    const customer: ErpCustomer = yield call(callWithTimeout, fetchErpCustomer, rut);
    yield put(erpCustomerFound({ rut, customer }));
  } catch (error) {
    const { status, message } = toApiError(error);
    yield put(status === 404 ? erpCustomerNotFound({ rut, message }) : erpCustomerCheckFailed({ rut, message }));
  }
}

/** 'Eliminar': a confirmation first (R-ADM-USR-4), then 'Eliminado!'. */
export function* handleUserDeleteRequested(action: PayloadAction<UserChoice>) {
  const { id, username } = action.payload;
  const T = ADMIN_USERS_TEXT;
  yield put(confirmRequested({ title: fill(T.deletePrompt, { username }), positive: T.deleteConfirm, negative: T.deleteDecline }));
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(userDeleteDeclined());
    yield call(notify, T.notDeleted, 'info');
    return;
  }
  try {
    yield call(callWithTimeout, deleteUser, id);
    yield put(userDeleted(id));
    yield call(notify, USER_MSG.deleted, 'success');
    yield call(loadUsers);
  } catch (error) {
    const { message } = toApiError(error);
    yield put(userDeleteFailed(message));
    yield call(notify, message, 'error');
  }
}

export function* watchUserList() {
  yield takeLatest([userListOpened.type, usersListChanged.type, usersSearchTyped.type, usersFiltersCleared.type], safe(handleUserListChanged));
}

export function* watchUsersExport() {
  yield takeLeading(usersExportRequested.type, safe(handleUsersExportRequested));
}

export function* watchUserEditChosen() {
  yield takeLatest(userEditChosen.type, safe(handleUserEditChosen));
}

export function* watchUserEditOpened() {
  yield takeLatest(userEditOpened.type, safe(handleUserEditOpened));
}

export function* watchUserRutEntered() {
  yield takeLatest(userRutEntered.type, safe(handleUserRutEntered));
}

/** One save at a time: a second submit while one runs is ignored. */
export function* watchUserSaveSubmitted() {
  yield takeLeading(userSaveSubmitted.type, safe(handleUserSaveSubmitted));
}

export function* watchUserDeleteRequested() {
  yield takeLeading(userDeleteRequested.type, safe(handleUserDeleteRequested));
}

export function* adminUsersSaga() {
  yield all([fork(watchUserList), fork(watchUsersExport), fork(watchUserEditChosen), fork(watchUserEditOpened), fork(watchUserRutEntered), fork(watchUserSaveSubmitted), fork(watchUserDeleteRequested)]);
}
