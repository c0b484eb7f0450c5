import { combineReducers, type Reducer } from '@reduxjs/toolkit';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { race, take } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { MSG } from '@shared/messages';
import { confirmAccepted, confirmDeclined, confirmRequested } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import {
  handleUserDeleteRequested,
  handleUserEditChosen,
  handleUserListChanged,
  loadUsers,
  handleUserSaveSubmitted,
} from '@client/features/adminUsers/adminUsersSagas';
import { adminUsersReducer, type AdminUsersState, initialAdminUsersState, userDeleted, userDeleteDeclined, userDeleteFailed, userDeleteRequested, userEditChosen, userSaved, userSaveDeclined, userSaveFailed, userSaveSubmitted, usersList } from '@client/features/adminUsers/adminUsersSlice';
import { deleteUser, fetchUsers, saveUser } from '@client/features/adminUsers/api';
import type { CreateUserRequest, UpdateUserRequest } from '@shared/api/adminUsers';
import { buyer, inactiveBuyer, userPage, userRow } from './fixtures';
import { selectUsersQuery } from '@client/features/adminUsers/adminUsersSelectors';
import { SEARCH_DEBOUNCE_MS } from '@client/app/pagedList';
import { delay } from 'redux-saga/effects';
import { callWithTimeout } from '@client/app/sagaUtils';

const { changed: usersListChanged, loaded: usersLoaded, loadFailed: usersLoadFailed, loadStarted: usersLoadStarted } = usersList.actions;

const decision = race([take(confirmAccepted.type), take(confirmDeclined.type)]);

const createRequest: CreateUserRequest = {
  username: '76.123.456-0',
  password: 'Clave2025',
  confirmPassword: 'Clave2025',
  email: 'compras@losandes.cl',
  address: 'Av. Brasil 2350, Valparaíso',
  cellphone: '12345678',
  enabled: true,
  userType: 'USER',
};
const updateRequest: UpdateUserRequest = { id: 5, username: '76.123.456-0', email: 'nuevo@losandes.cl', address: 'Av. Brasil 2350, Valparaíso', cellphone: '12345678', enabled: true, userType: 'USER' };

const createPrompt = confirmRequested({ title: 'Deseas crear el usuario?', positive: 'Crear', negative: 'No Crear' });
const updatePrompt = confirmRequested({ title: 'Deseas actualizar el usuario?', positive: 'Actualizar', negative: 'No Actualizar' });
const deletePrompt = confirmRequested({ title: 'Deseas eliminar el usuario 12.345.678-5?', positive: 'Eliminar', negative: 'No eliminar' });

describe('user save, step by step (R-ADM-USR-2)', () => {
  it("creation confirmed: POST, the list, 'Creado!'", () => {
    testSaga(handleUserSaveSubmitted, userSaveSubmitted(createRequest))
      .next()
      .put(createPrompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, saveUser, createRequest)
      .next(buyer)
      .put(userSaved(buyer))
      .next()
      .call(navigateTo, '/admin/user')
      .next()
      .call(notify, 'Creado!', 'success')
      .next()
      .isDone();
  });

  it("creation declined: 'Usuario no creado', nothing is sent", () => {
    testSaga(handleUserSaveSubmitted, userSaveSubmitted(createRequest))
      .next()
      .put(createPrompt)
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(userSaveDeclined())
      .next()
      .call(notify, 'Usuario no creado', 'info')
      .next()
      .isDone();
  });

  it("update confirmed: 'Actualizado!'", () => {
    testSaga(handleUserSaveSubmitted, userSaveSubmitted(updateRequest))
      .next()
      .put(updatePrompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, saveUser, updateRequest)
      .next(buyer)
      .put(userSaved(buyer))
      .next()
      .call(navigateTo, '/admin/user')
      .next()
      .call(notify, 'Actualizado!', 'success')
      .next()
      .isDone();
  });

  it("update declined: 'Usuario no actualizado'", () => {
    testSaga(handleUserSaveSubmitted, userSaveSubmitted(updateRequest))
      .next()
      .put(updatePrompt)
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(userSaveDeclined())
      .next()
      .call(notify, 'Usuario no actualizado', 'info')
      .next()
      .isDone();
  });

  it("refused by the server: its message, and the admin stays on the form", () => {
    const refused = new HttpError(409, 'Ya existe un usuario con el rut 76.123.456-0');
    testSaga(handleUserSaveSubmitted, userSaveSubmitted(createRequest))
      .next()
      .put(createPrompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, saveUser, createRequest)
      .throw(refused)
      .put(userSaveFailed('Ya existe un usuario con el rut 76.123.456-0'))
      .next()
      .call(notify, 'Ya existe un usuario con el rut 76.123.456-0', 'error')
      .next()
      .isDone();
  });
});

describe('user delete, step by step', () => {
  const choice = { id: 6, username: '12.345.678-5' };

  it("confirmed: DELETE, out of the list, 'Eliminado!'", () => {
    testSaga(handleUserDeleteRequested, userDeleteRequested(choice))
      .next()
      .put(deletePrompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, deleteUser, 6)
      .next({ message: 'Eliminado!' })
      .put(userDeleted(6))
      .next()
      .call(notify, 'Eliminado!', 'success')
      .next()
      .call(loadUsers)
      .next()
      .isDone();
  });

  it('declined: nothing is deleted', () => {
    testSaga(handleUserDeleteRequested, userDeleteRequested(choice))
      .next()
      .put(deletePrompt)
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(userDeleteDeclined())
      .next()
      .call(notify, 'Usuario no eliminado', 'info')
      .next()
      .isDone();
  });

  it("refused: the server's message", () => {
    testSaga(handleUserDeleteRequested, userDeleteRequested(choice))
      .next()
      .put(deletePrompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, deleteUser, 6)
      .throw(new HttpError(403, 'No puede eliminar su propio usuario'))
      .put(userDeleteFailed('No puede eliminar su propio usuario'))
      .next()
      .call(notify, 'No puede eliminar su propio usuario', 'error')
      .next()
      .isDone();
  });
});

describe('user list and edit choice', () => {
  const query = { page: 0, pageSize: 10, sort: 'id', dir: 'asc' as const, filters: { q: '', role: '', state: '' } };

  it('the page the state asks for loads with a time limit', () => {
    testSaga(loadUsers)
      .next()
      .select(selectUsersQuery)
      .next(query)
      .put(usersLoadStarted())
      .next()
      .call(callWithTimeout, fetchUsers, query)
      .next(userPage([userRow(buyer)]))
      .put(usersLoaded(userPage([userRow(buyer)])))
      .next()
      .isDone();
  });

  it("a load that does not answer in time: 'problema de conexión'", () => {
    testSaga(loadUsers)
      .next()
      .select(selectUsersQuery)
      .next(query)
      .put(usersLoadStarted())
      .next()
      .call(callWithTimeout, fetchUsers, query)
      .throw(new HttpError(0, MSG.connectionProblem))
      .put(usersLoadFailed({ message: 'problema de conexión', status: 0 }))
      .next()
      .isDone();
  });

  it('a key in the search box waits for a pause; a sort loads at once', () => {
    testSaga(handleUserListChanged, usersList.actions.filterTyped({ name: 'q', value: '76' })).next().is(delay(SEARCH_DEBOUNCE_MS)).next().call(loadUsers).next().isDone();
    testSaga(handleUserListChanged, usersListChanged({ sort: { field: 'email', dir: 'desc' } })).next().call(loadUsers).next().isDone();
  });

  it('Editar: the update screen, the id in its address', () => {
    testSaga(handleUserEditChosen, userEditChosen(6)).next().call(navigateTo, '/admin/user/update/6').next().isDone();
  });
});

describe('user flows with the reducer (final state)', () => {
  const rootReducer = combineReducers({ adminUsers: adminUsersReducer }) as Reducer<{ adminUsers: AdminUsersState }>;
  const rows = [userRow(buyer, 'Comercial Los Andes Ltda.'), userRow(inactiveBuyer)];
  const listed = (): AdminUsersState => ({
    ...initialAdminUsersState,
    list: { ...initialAdminUsersState.list, rows, total: 2, status: 'loaded' },
  });

  it('list: the page is loaded into the slice with its total', () =>
    expectSaga(loadUsers)
      .withReducer(rootReducer, { adminUsers: initialAdminUsersState })
      .provide([[matchers.call.fn(fetchUsers), userPage(rows)]])
      .hasFinalState({ adminUsers: listed() })
      .run());

  it('list: a failure keeps its message and the rows shown', () =>
    expectSaga(loadUsers)
      .withReducer(rootReducer, { adminUsers: listed() })
      .provide([[matchers.call.fn(fetchUsers), throwError(new HttpError(500, 'Internal server error'))]])
      .hasFinalState({ adminUsers: { ...listed(), list: { ...listed().list, status: 'failed', error: 'Internal server error', errorStatus: 500 } } })
      .run());

  it('list: a new sort goes back to the first page and asks the server for it', () =>
    expectSaga(handleUserListChanged, usersListChanged({ sort: { field: 'companyName', dir: 'desc' } }))
      .withReducer(rootReducer, { adminUsers: adminUsersReducer({ ...listed(), list: { ...listed().list, page: 2 } }, usersListChanged({ sort: { field: 'companyName', dir: 'desc' } })) })
      .provide([[matchers.call.fn(fetchUsers), userPage(rows)]])
      .call(callWithTimeout, fetchUsers, { page: 0, pageSize: 10, sort: 'companyName', dir: 'desc', filters: { q: '', role: '', state: '', company: '', companyRole: '' } })
      .run());

  it('update confirmed: the save is idle again, the list reads its page when it opens', () => {
    const saved = { ...buyer, email: 'nuevo@losandes.cl' };
    return expectSaga(handleUserSaveSubmitted, userSaveSubmitted(updateRequest))
      .withReducer(adminUsersReducer, { ...listed(), save: { status: 'running', error: null } })
      .provide([
        [matchers.call.fn(saveUser), saved],
        [matchers.call.fn(navigateTo), undefined],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(confirmAccepted())
      .call(notify, 'Actualizado!', 'success')
      .hasFinalState(listed())
      .run();
  });

  it('delete confirmed: the user leaves the page and the page is read again', () =>
    expectSaga(handleUserDeleteRequested, userDeleteRequested({ id: 6, username: '12.345.678-5' }))
      .withReducer(rootReducer, { adminUsers: { ...listed(), remove: { status: 'running', error: null } } })
      .provide([
        [matchers.call.fn(deleteUser), { message: 'Eliminado!' }],
        [matchers.call.fn(notify), undefined],
        [matchers.call.fn(fetchUsers), userPage([rows[0]])],
      ])
      .dispatch(confirmAccepted())
      .call(loadUsers)
      .hasFinalState({ adminUsers: { ...listed(), list: { ...listed().list, rows: [rows[0]], total: 1 } } })
      .run());

  it('delete declined: the list is as it was', () =>
    expectSaga(handleUserDeleteRequested, userDeleteRequested({ id: 6, username: '12.345.678-5' }))
      .withReducer(adminUsersReducer, { ...listed(), remove: { status: 'running', error: null } })
      .provide([[matchers.call.fn(notify), undefined]])
      .dispatch(confirmDeclined())
      .not.call.fn(deleteUser)
      .hasFinalState(listed())
      .run());
});
