import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { race, take } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { confirmAccepted, confirmDeclined, confirmRequested } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { findCreationRecipient, sendCustomerRequest } from '@client/features/customerRequest/api';
import { handleRequestSubmitted } from '@client/features/customerRequest/customerRequestSagas';
import {
  customerRequestReducer,
  initialCustomerRequestState,
  recipientMissing,
  requestDeclined,
  requestFailed,
  requestSent,
  requestSubmitted,
} from '@client/features/customerRequest/customerRequestSlice';
import { requestFields } from './fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';

const prompt = confirmRequested({ title: 'Deseas enviar solicitud?', positive: 'Enviar solicitud', negative: 'No Enviar solicitud' });
const decision = race([take(confirmAccepted.type), take(confirmDeclined.type)]);
const submitted = requestSubmitted(requestFields);
/** A visitor learns only that the recipient exists. */
const publicRecipient = { id: 1, section: 'CREATION_USER' as const };
const body = { ...requestFields, senderTo: '', section: 'CREATION_USER' };

const confirmedRequest = () => testSaga(handleRequestSubmitted, submitted).next().put(prompt).next().is(decision).next([confirmAccepted(), undefined]);

describe('customer creation request, step by step (R-REQ-3)', () => {
  it("confirmed: the CREATION_USER recipient, the mail, home and 'Enviado correo a {brand}!!'", () => {
    confirmedRequest()
      .call(callWithTimeout, findCreationRecipient)
      .next(publicRecipient)
      .call(callWithTimeout, sendCustomerRequest, body)
      .next({ message: 'Enviado correo a Textil Andino!!' })
      .put(requestSent())
      .next()
      .call(navigateTo, '/')
      .next()
      .call(notify, 'Enviado correo a Textil Andino!!', 'success')
      .next()
      .isDone();
  });

  it('logged in, the recipient comes with its address: it goes as senderTo', () => {
    confirmedRequest()
      .call(callWithTimeout, findCreationRecipient)
      .next({ id: 1, name: 'Carla', lastName: 'Rojas', email: 'clientes@textilandino.cl', section: 'CREATION_USER' })
      .call(callWithTimeout, sendCustomerRequest, { ...body, senderTo: 'clientes@textilandino.cl' });
  });

  it("declined: 'Solicitud no enviada!!', nothing is looked up or sent", () => {
    testSaga(handleRequestSubmitted, submitted)
      .next()
      .put(prompt)
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(requestDeclined())
      .next()
      .call(notify, 'Solicitud no enviada!!', 'info')
      .next()
      .isDone();
  });

  it('no recipient: the error dialog, nothing is sent', () => {
    confirmedRequest().call(callWithTimeout, findCreationRecipient).next(null).put(recipientMissing()).next().isDone();
  });

  it('the recipient removed before the mail (404): the same dialog', () => {
    confirmedRequest()
      .call(callWithTimeout, findCreationRecipient)
      .next(publicRecipient)
      .call(callWithTimeout, sendCustomerRequest, body)
      .throw(new HttpError(404, 'No existe correo para notificar a Textil Andino'))
      .put(recipientMissing())
      .next()
      .isDone();
  });

  it("a failure: the server's message, the visitor stays on the form", () => {
    const tooMany = 'Se enviaron demasiadas solicitudes desde esta dirección. Espere unos minutos e inténtelo de nuevo.';
    confirmedRequest()
      .call(callWithTimeout, findCreationRecipient)
      .next(publicRecipient)
      .call(callWithTimeout, sendCustomerRequest, body)
      .throw(new HttpError(429, tooMany))
      .put(requestFailed(tooMany))
      .next()
      .call(notify, tooMany, 'error')
      .next()
      .isDone();
  });

  it('the lookup fails: its message', () => {
    confirmedRequest()
      .call(callWithTimeout, findCreationRecipient)
      .throw(new HttpError(0, 'Failed to fetch'))
      .put(requestFailed('Failed to fetch'))
      .next()
      .call(notify, 'Failed to fetch', 'error')
      .next()
      .isDone();
  });
});

describe('customer creation request with the reducer (final state)', () => {
  const running = customerRequestReducer(initialCustomerRequestState, submitted);

  it('sent: idle again', () =>
    expectSaga(handleRequestSubmitted, submitted)
      .withReducer(customerRequestReducer, running)
      .provide([
        [matchers.call.fn(findCreationRecipient), publicRecipient],
        [matchers.call.fn(sendCustomerRequest), { message: 'Enviado correo a Textil Andino!!' }],
        [matchers.call.fn(navigateTo), undefined],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(confirmAccepted())
      .call(callWithTimeout, sendCustomerRequest, body)
      .hasFinalState(initialCustomerRequestState)
      .run());

  it('no recipient: the dialog is open, nothing sent', () =>
    expectSaga(handleRequestSubmitted, submitted)
      .withReducer(customerRequestReducer, running)
      .provide([[matchers.call.fn(findCreationRecipient), null]])
      .dispatch(confirmAccepted())
      .not.call.fn(sendCustomerRequest)
      .hasFinalState({ status: 'idle', error: null, noRecipient: true })
      .run());

  it('declined: idle, nothing looked up', () =>
    expectSaga(handleRequestSubmitted, submitted)
      .withReducer(customerRequestReducer, running)
      .provide([[matchers.call.fn(notify), undefined]])
      .dispatch(confirmDeclined())
      .not.call.fn(findCreationRecipient)
      .hasFinalState(initialCustomerRequestState)
      .run());

  it('failed: the message stays for the form', () =>
    expectSaga(handleRequestSubmitted, submitted)
      .withReducer(customerRequestReducer, running)
      .provide([
        [matchers.call.fn(findCreationRecipient), publicRecipient],
        [matchers.call.fn(sendCustomerRequest), throwError(new HttpError(500, 'Internal server error'))],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(confirmAccepted())
      .hasFinalState({ status: 'failed', error: 'Internal server error', noRecipient: false })
      .run());
});
