import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { all, call, race, take } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { confirmAccepted, confirmDeclined, confirmRequested } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import {
  handleNotificationDeleteRequested,
  handleNotificationEditChosen,
  handleNotificationEditOpened,
  handleNotificationLoad,
  handleNotificationSaveSubmitted,
  handleNotificationsLoad,
} from '@client/features/adminNotifications/adminNotificationsSagas';
import {
  adminNotificationsReducer,
  initialAdminNotificationsState,
  notificationDeleted,
  notificationDeleteDeclined,
  notificationDeleteFailed,
  notificationDeleteRequested,
  notificationEditChosen,
  notificationEditOpened,
  notificationSaved,
  notificationSaveDeclined,
  notificationSaveFailed,
  notificationSaveSubmitted,
  type AdminNotificationsState,
} from '@client/features/adminNotifications/adminNotificationsSlice';
import { deleteNotification, fetchNotification, fetchNotifications, saveNotification } from '@client/features/adminNotifications/api';
import type { SaveNotificationRequest } from '@shared/api/notifications';
import { cheque, creation, reserve } from './fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';

const decision = race([take(confirmAccepted.type), take(confirmDeclined.type)]);

const createRequest: SaveNotificationRequest = { name: 'Ana', lastName: 'Vera', email: 'cobranza@textilandino.cl', section: 'CHEQUE' };
const updateRequest: SaveNotificationRequest = { id: 2, name: 'Pedro', lastName: 'Soto', email: 'reservas@textilandino.cl', section: 'CHEQUE' };

const createPrompt = confirmRequested({ title: 'Desea crear notificación?', positive: 'Crear', negative: 'No Crear' });
const updatePrompt = confirmRequested({ title: 'Desea actualizar notificación?', positive: 'Actualizar', negative: 'No Actualizar' });
const deletePrompt = confirmRequested({ title: 'Deseas eliminar la notificación de Pago Cheque?', positive: 'Eliminar', negative: 'No eliminar' });

describe('notification save, step by step (R-ADM-NOTIF-2)', () => {
  it("update confirmed: POST, back to /admin/email, 'Actualizado!'", () => {
    testSaga(handleNotificationSaveSubmitted, notificationSaveSubmitted(updateRequest))
      .next()
      .put(updatePrompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, saveNotification, updateRequest)
      .next({ ...reserve, section: 'CHEQUE' })
      .put(notificationSaved({ ...reserve, section: 'CHEQUE' }))
      .next()
      .call(navigateTo, '/admin/email')
      .next()
      .call(notify, 'Actualizado!', 'success')
      .next()
      .isDone();
  });

  it("update declined: 'Notificación no actualizada', and back to /admin/email", () => {
    testSaga(handleNotificationSaveSubmitted, notificationSaveSubmitted(updateRequest))
      .next()
      .put(updatePrompt)
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(notificationSaveDeclined())
      .next()
      .call(navigateTo, '/admin/email')
      .next()
      .call(notify, 'Notificación no actualizada', 'info')
      .next()
      .isDone();
  });

  it("creation confirmed: 'Creada la Notificación!'", () => {
    testSaga(handleNotificationSaveSubmitted, notificationSaveSubmitted(createRequest))
      .next()
      .put(createPrompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, saveNotification, createRequest)
      .next(cheque)
      .put(notificationSaved(cheque))
      .next()
      .call(navigateTo, '/admin/email')
      .next()
      .call(notify, 'Creada la Notificación!', 'success')
      .next()
      .isDone();
  });

  it("creation declined: 'Notificación no creada'", () => {
    testSaga(handleNotificationSaveSubmitted, notificationSaveSubmitted(createRequest))
      .next()
      .put(createPrompt)
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(notificationSaveDeclined())
      .next()
      .call(navigateTo, '/admin/email')
      .next()
      .call(notify, 'Notificación no creada', 'info')
      .next()
      .isDone();
  });

  it("refused (a fourth record): the server's message, the form stays", () => {
    const full = 'Ya existen 3 notificaciones (una por sección): edite o elimine una antes de crear otra';
    testSaga(handleNotificationSaveSubmitted, notificationSaveSubmitted(createRequest))
      .next()
      .put(createPrompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, saveNotification, createRequest)
      .throw(new HttpError(409, full))
      .put(notificationSaveFailed(full))
      .next()
      .call(notify, full, 'error')
      .next()
      .isDone();
  });
});

describe('notification delete, step by step', () => {
  it("confirmed: DELETE, out of the list, 'Eliminado!'", () => {
    testSaga(handleNotificationDeleteRequested, notificationDeleteRequested(cheque))
      .next()
      .put(deletePrompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, deleteNotification, 3)
      .next({ message: 'Eliminado!' })
      .put(notificationDeleted(3))
      .next()
      .call(notify, 'Eliminado!', 'success')
      .next()
      .isDone();
  });

  it('declined: nothing is deleted', () => {
    testSaga(handleNotificationDeleteRequested, notificationDeleteRequested(cheque))
      .next()
      .put(deletePrompt)
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(notificationDeleteDeclined())
      .next()
      .call(notify, 'Notificación no eliminada', 'info')
      .next()
      .isDone();
  });

  it("refused: the server's message", () => {
    testSaga(handleNotificationDeleteRequested, notificationDeleteRequested(cheque))
      .next()
      .put(deletePrompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, deleteNotification, 3)
      .throw(new HttpError(404, 'Notificación no encontrada'))
      .put(notificationDeleteFailed('Notificación no encontrada'))
      .next()
      .call(notify, 'Notificación no encontrada', 'error')
      .next()
      .isDone();
  });
});

describe('edit choice and update screen', () => {
  it('Editar: the update screen, the id in its address', () => {
    testSaga(handleNotificationEditChosen, notificationEditChosen(2))
      .next()
      .call(navigateTo, '/admin/email-update/2')
      .next()
      .isDone();
  });

  it('the update screen loads the record and the list together', () => {
    testSaga(handleNotificationEditOpened, notificationEditOpened(2))
      .next()
      .is(all([call(handleNotificationLoad, 2), call(handleNotificationsLoad)]))
      .next()
      .isDone();
  });
});

describe('notification flows with the reducer (final state)', () => {
  const listed = (...data: (typeof creation)[]): AdminNotificationsState => ({
    ...initialAdminNotificationsState,
    notifications: { status: 'loaded', data, error: null },
  });

  it('update screen: record and list in the slice', () =>
    expectSaga(handleNotificationEditOpened, notificationEditOpened(2))
      .withReducer(adminNotificationsReducer, adminNotificationsReducer(initialAdminNotificationsState, notificationEditOpened(2)))
      .provide([
        [matchers.call.fn(fetchNotification), reserve],
        [matchers.call.fn(fetchNotifications), [creation, reserve]],
      ])
      .hasFinalState({ ...listed(creation, reserve), notification: { status: 'loaded', data: reserve, error: null }, notificationId: 2 })
      .run());

  it('a list that fails keeps its message', () =>
    expectSaga(handleNotificationsLoad)
      .withReducer(adminNotificationsReducer, initialAdminNotificationsState)
      .provide([[matchers.call.fn(fetchNotifications), throwError(new HttpError(0, 'Failed to fetch'))]])
      .hasFinalState({ ...initialAdminNotificationsState, notifications: { status: 'failed', data: [], error: 'Failed to fetch', errorStatus: 0 } })
      .run());

  it('creation confirmed: the new record joins the list', () =>
    expectSaga(handleNotificationSaveSubmitted, notificationSaveSubmitted(createRequest))
      .withReducer(adminNotificationsReducer, { ...listed(creation, reserve), save: { status: 'running', error: null } })
      .provide([
        [matchers.call.fn(saveNotification), cheque],
        [matchers.call.fn(navigateTo), undefined],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(confirmAccepted())
      .hasFinalState(listed(creation, reserve, cheque))
      .run());

  it('delete confirmed: the record leaves the list', () =>
    expectSaga(handleNotificationDeleteRequested, notificationDeleteRequested(cheque))
      .withReducer(adminNotificationsReducer, { ...listed(creation, reserve, cheque), remove: { status: 'running', error: null } })
      .provide([
        [matchers.call.fn(deleteNotification), { message: 'Eliminado!' }],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(confirmAccepted())
      .hasFinalState(listed(creation, reserve))
      .run());
});
