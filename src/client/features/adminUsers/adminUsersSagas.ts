import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, delay, fork, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { AdminSalesPersonList, AdminUser, SaveUserRequest } from '@shared/api/adminUsers';
import { fill } from '@shared/messages';
import { isNewUserId, USER_MSG } from '@shared/schemas/users';
import { toApiError } from '@client/api/http';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { pagedListSagas } from '@client/app/pagedListSagas';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { USER_LIST_PATH, userUpdatePath } from './adminUsersPaths';
import {
  erpCustomerCheckFailed,
  erpCustomerFound,
  erpCustomerNotFound,
  salesPersonsLoaded,
  salesPersonsLoadFailed,
  salesPersonsWanted,
  userDeleted,
  userDeleteDeclined,
  userDeleteFailed,
  userDeleteRequested,
  userEditChosen,
  userEditOpened,
  userLoaded,
  userLoadFailed,
  userRutEntered,
  userSaved,
  userSaveDeclined,
  userSaveFailed,
  userSaveSubmitted,
  usersList,
  type UserChoice,
} from './adminUsersSlice';
import { ADMIN_USERS_TEXT } from './adminUsersTexts';
import { selectUsersQuery } from './adminUsersSelectors';
import { deleteUser, downloadUsersCsv, fetchErpCustomer, fetchSalesPersons, fetchUser, fetchUsers, saveUser, type ErpCustomer } from './api';

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

/** The list's page (GET /admin/users/list; a search after a pause) and its CSV export. */
export const {
  load: loadUsers,
  handleChanged: handleUserListChanged,
  handleExportRequested: handleUsersExportRequested,
  watchList: watchUserList,
  watchExport: watchUsersExport,
} = pagedListSagas(usersList, { selectQuery: selectUsersQuery, fetchPage: fetchUsers, downloadCsv: downloadUsersCsv });

/** 'Editar': the id travels in the address (/admin/user/update/:id), so a reload of the update screen still works. */
export function* handleUserEditChosen(action: PayloadAction<number>) {
  yield call(navigateTo, userUpdatePath(action.payload));
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

/** A sales rep's form: the ERP's active sales employees, or why they cannot be read now (the ERP down: 503). */
export function* handleSalesPersonsWanted() {
  try {
    const list: AdminSalesPersonList = yield call(callWithTimeout, fetchSalesPersons);
    yield put(salesPersonsLoaded(list));
  } catch (error) {
    yield put(salesPersonsLoadFailed(toApiError(error).message));
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

export function* watchUserEditChosen() {
  yield takeLatest(userEditChosen.type, safe(handleUserEditChosen));
}

export function* watchUserEditOpened() {
  yield takeLatest(userEditOpened.type, safe(handleUserEditOpened));
}

export function* watchUserRutEntered() {
  yield takeLatest(userRutEntered.type, safe(handleUserRutEntered));
}

/** One read at a time: the form asking again while one runs waits for it. */
export function* watchSalesPersonsWanted() {
  yield takeLeading(salesPersonsWanted.type, safe(handleSalesPersonsWanted));
}

/** One save at a time: a second submit while one runs is ignored. */
export function* watchUserSaveSubmitted() {
  yield takeLeading(userSaveSubmitted.type, safe(handleUserSaveSubmitted));
}

export function* watchUserDeleteRequested() {
  yield takeLeading(userDeleteRequested.type, safe(handleUserDeleteRequested));
}

export function* adminUsersSaga() {
  yield all([fork(watchUserList), fork(watchUsersExport), fork(watchUserEditChosen), fork(watchUserEditOpened), fork(watchUserRutEntered), fork(watchSalesPersonsWanted), fork(watchUserSaveSubmitted), fork(watchUserDeleteRequested)]);
}
