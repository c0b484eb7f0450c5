import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { race, take } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { MSG } from '@shared/messages';
import { confirmAccepted, confirmDeclined, confirmRequested } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { writeItem } from '@client/app/sessionStorage';
import {
  handleUserDeleteRequested,
  handleUserEditChosen,
  handleUserListOpened,
  handleUserSaveSubmitted,
} from '@client/features/adminUsers/adminUsersSagas';
import {
  adminUsersReducer,
  initialAdminUsersState,
  userDeleted,
  userDeleteDeclined,
  userDeleteFailed,
  userDeleteRequested,
  userEditChosen,
  usersLoaded,
  usersLoadFailed,
  usersLoadStarted,
  userSaved,
  userSaveDeclined,
  userSaveFailed,
  userSaveSubmitted,
  type AdminUsersState,
} from '@client/features/adminUsers/adminUsersSlice';
import { deleteUser, fetchUsers, saveUser } from '@client/features/adminUsers/api';
import type { CreateUserRequest, UpdateUserRequest } from '@shared/api/adminUsers';
import { buyer, inactiveBuyer } from './fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';

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

describe('user save, step by step (admin document sections 4 and 8)', () => {
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
  it('the list loads with a time limit', () => {
    testSaga(handleUserListOpened)
      .next()
      .put(usersLoadStarted())
      .next()
      .call(callWithTimeout, fetchUsers)
      .next([buyer])
      .put(usersLoaded([buyer]))
      .next()
      .isDone();
  });

  it("a load that does not answer in time: 'problema de conexión'", () => {
    testSaga(handleUserListOpened)
      .next()
      .put(usersLoadStarted())
      .next()
      .call(callWithTimeout, fetchUsers)
      .throw(new HttpError(0, MSG.connectionProblem))
      .put(usersLoadFailed('problema de conexión'))
      .next()
      .isDone();
  });

  it('Editar: userId to session storage, then the update screen', () => {
    testSaga(handleUserEditChosen, userEditChosen(6)).next().call(writeItem, 'userId', 6).next().call(navigateTo, '/admin/user/update').next().isDone();
  });
});

describe('user flows with the reducer (final state)', () => {
  const listed = (): AdminUsersState => ({ ...initialAdminUsersState, users: { status: 'loaded', data: [buyer, inactiveBuyer], error: null } });

  it('list: loaded into the slice', () =>
    expectSaga(handleUserListOpened)
      .withReducer(adminUsersReducer, initialAdminUsersState)
      .provide([[matchers.call.fn(fetchUsers), [buyer, inactiveBuyer]]])
      .hasFinalState(listed())
      .run());

  it('list: a failure keeps its message', () =>
    expectSaga(handleUserListOpened)
      .withReducer(adminUsersReducer, initialAdminUsersState)
      .provide([[matchers.call.fn(fetchUsers), throwError(new HttpError(500, 'Internal server error'))]])
      .hasFinalState({ ...initialAdminUsersState, users: { status: 'failed', data: [], error: 'Internal server error' } })
      .run());

  it('update confirmed: the saved user replaces the old one, the save is idle again', () => {
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
      .hasFinalState({ ...listed(), users: { status: 'loaded', data: [saved, inactiveBuyer], error: null } })
      .run();
  });

  it('delete confirmed: the user leaves the list', () =>
    expectSaga(handleUserDeleteRequested, userDeleteRequested({ id: 6, username: '12.345.678-5' }))
      .withReducer(adminUsersReducer, { ...listed(), remove: { status: 'running', error: null } })
      .provide([
        [matchers.call.fn(deleteUser), { message: 'Eliminado!' }],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(confirmAccepted())
      .hasFinalState({ ...listed(), users: { status: 'loaded', data: [buyer], error: null } })
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
