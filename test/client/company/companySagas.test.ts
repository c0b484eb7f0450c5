import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { race, take } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { confirmAccepted, confirmDeclined, confirmRequested } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { callWithTimeout } from '@client/app/sagaUtils';
import { redactSecrets } from '@client/app/devtools';
import { addPerson, changePerson, fetchPeople, sendPasswordLink, setPasswordWithLink, setPersonActive } from '@client/features/company/api';
import { handlePeopleLoad, handlePersonActivation, handlePersonAdd, handlePersonChange, handlePersonLink, handleSetPassword } from '@client/features/company/companySagas';
import {
  companyReducer,
  initialCompanyState,
  peopleLoaded,
  peopleLoadFailed,
  peopleLoadStarted,
  personActivationDeclined,
  personActivationDone,
  personActivationFailed,
  personActivationRequested,
  personAddOpened,
  personAddSubmitted,
  personChangeSubmitted,
  personDialogClosed,
  personLinkRequested,
  personSaved,
  personSaveFailed,
  setPasswordDone,
  setPasswordFailed,
  setPasswordSubmitted,
} from '@client/features/company/companySlice';
import { PEOPLE_MSG, type PersonAddForm } from '@shared/schemas/companyPeople';
import { SET_PASSWORD_MSG } from '@shared/schemas/setPassword';
import { camila, companyLogin, felipe } from './fixtures';

const decision = race([take(confirmAccepted.type), take(confirmDeclined.type)]);

const addForm: PersonAddForm = { firstName: 'Camila', lastName: 'Rojas Pizarro', email: camila.email, rut: camila.rut, phone: camila.phone, role: 'COMPRADOR', monthlyLimit: 300_000 };

describe('the people list', () => {
  it('loads the whole list', () =>
    expectSaga(handlePeopleLoad)
      .withReducer(companyReducer)
      .provide([[matchers.call.fn(callWithTimeout), [companyLogin, camila]]])
      .put(peopleLoadStarted())
      .put(peopleLoaded([companyLogin, camila]))
      .hasFinalState({ ...initialCompanyState, people: { status: 'loaded', data: [companyLogin, camila], error: null } })
      .run());

  it('keeps a failure with its status', () =>
    expectSaga(handlePeopleLoad)
      .provide([[matchers.call.fn(callWithTimeout), throwError(new HttpError(503, 'ERP no disponible'))]])
      .put(peopleLoadFailed({ message: 'ERP no disponible', status: 503 }))
      .run());

  it('asks the API for the list', () => {
    testSaga(handlePeopleLoad).next().put(peopleLoadStarted()).next().call(callWithTimeout, fetchPeople);
  });
});

describe('adding and changing a person, step by step', () => {
  it('added: the person in the list, the dialog closed, the answer as a toast', () => {
    testSaga(handlePersonAdd, personAddSubmitted(addForm))
      .next()
      .call(callWithTimeout, addPerson, addForm)
      .next({ person: camila, message: PEOPLE_MSG.added })
      .put(personSaved(camila))
      .next()
      .call(notify, PEOPLE_MSG.added, 'success')
      .next()
      .isDone();
  });

  it('refused (an e-mail already used): the message stays in the dialog', () => {
    const message = `Ya existe una persona con el correo ${camila.email} en su empresa`;
    testSaga(handlePersonAdd, personAddSubmitted(addForm))
      .next()
      .call(callWithTimeout, addPerson, addForm)
      .throw(new HttpError(409, message))
      .put(personSaveFailed(message))
      .next()
      .isDone();
  });

  it('a change: PUT with the id, the saved person in the list', () =>
    expectSaga(handlePersonChange, personChangeSubmitted({ id: 20, form: { firstName: '', lastName: '', phone: '987654321', role: 'COMPRADOR', monthlyLimit: 0 } }))
      .withReducer(companyReducer, { ...initialCompanyState, people: { status: 'loaded', data: [companyLogin, camila], error: null }, dialog: { mode: 'edit', person: camila } })
      .provide([[matchers.call(callWithTimeout, changePerson, 20, { firstName: '', lastName: '', phone: '987654321', role: 'COMPRADOR', monthlyLimit: 0 }), { person: { ...camila, monthlyLimit: 0 }, message: PEOPLE_MSG.changed }], [matchers.call.fn(notify), undefined]])
      .put(personSaved({ ...camila, monthlyLimit: 0 }))
      .call(notify, PEOPLE_MSG.changed, 'success')
      .hasFinalState({ ...initialCompanyState, people: { status: 'loaded', data: [companyLogin, { ...camila, monthlyLimit: 0 }], error: null } })
      .run());
});

describe('deactivating and reactivating, step by step', () => {
  const deactivatePrompt = confirmRequested({
    title: '¿Desactivar a Felipe Contreras Díaz?',
    text: 'Su sesión se cerrará de inmediato y no podrá ingresar hasta que la reactive.',
    positive: 'Desactivar',
    negative: 'Cancelar',
    focus: 'negative',
  });

  it("confirmed: the person inactive, 'Persona desactivada'", () => {
    testSaga(handlePersonActivation, personActivationRequested({ person: felipe, active: false }))
      .next()
      .put(deactivatePrompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, setPersonActive, 22, false)
      .next({ person: { ...felipe, active: false }, message: PEOPLE_MSG.deactivated })
      .put(personActivationDone({ ...felipe, active: false }))
      .next()
      .call(notify, PEOPLE_MSG.deactivated, 'success')
      .next()
      .isDone();
  });

  it('declined: nothing is sent', () => {
    testSaga(handlePersonActivation, personActivationRequested({ person: felipe, active: false }))
      .next()
      .put(deactivatePrompt)
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(personActivationDeclined())
      .next()
      .call(notify, 'Sin cambios', 'info')
      .next()
      .isDone();
  });

  it("refused (the last Administrador): the server's message as a toast", () => {
    testSaga(handlePersonActivation, personActivationRequested({ person: { ...felipe, active: false }, active: true }))
      .next()
      .put(
        confirmRequested({
          title: '¿Reactivar a Felipe Contreras Díaz?',
          text: 'Podrá volver a ingresar al portal con su rut personal y su contraseña.',
          positive: 'Reactivar',
          negative: 'Cancelar',
        }),
      )
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, setPersonActive, 22, true)
      .throw(new HttpError(409, PEOPLE_MSG.lastAdministrator))
      .put(personActivationFailed(PEOPLE_MSG.lastAdministrator))
      .next()
      .call(notify, PEOPLE_MSG.lastAdministrator, 'error')
      .next()
      .isDone();
  });
});

describe('a new password link, step by step', () => {
  const prompt = confirmRequested({
    title: '¿Enviar a Camila Rojas Pizarro un enlace para crear su contraseña?',
    text: `Le llegará a ${camila.email}. Los enlaces anteriores dejarán de servir; su contraseña actual sigue hasta que use el nuevo.`,
    positive: 'Enviar',
    negative: 'Cancelar',
  });

  it('confirmed: the link is sent, the answer as a toast', () => {
    testSaga(handlePersonLink, personLinkRequested(camila))
      .next()
      .put(prompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, sendPasswordLink, 20)
      .next({ person: camila, message: PEOPLE_MSG.linkSent })
      .put(personActivationDone(camila))
      .next()
      .call(notify, PEOPLE_MSG.linkSent, 'success')
      .next()
      .isDone();
  });

  it('declined: nothing is sent', () => {
    testSaga(handlePersonLink, personLinkRequested(camila))
      .next()
      .put(prompt)
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(personActivationDeclined())
      .next()
      .call(notify, 'Sin cambios', 'info')
      .next()
      .isDone();
  });
});

describe('the set-your-password page, step by step', () => {
  const form = { token: 'abc', password: 'Nueva1234', confirmPassword: 'Nueva1234' };

  it('set: to /login, then the toast', () => {
    testSaga(handleSetPassword, setPasswordSubmitted(form))
      .next()
      .call(callWithTimeout, setPasswordWithLink, form)
      .next({ message: SET_PASSWORD_MSG.done })
      .put(setPasswordDone())
      .next()
      .call(navigateTo, '/login', { replace: true })
      .next()
      .call(notify, SET_PASSWORD_MSG.done, 'success')
      .next()
      .isDone();
  });

  it('the link and the passwords never reach the DevTools or a recorded scenario', () => {
    expect(JSON.stringify(redactSecrets(setPasswordSubmitted(form)))).not.toMatch(/abc|Nueva1234/);
  });

  it('a used link: the message stays on the page', () => {
    testSaga(handleSetPassword, setPasswordSubmitted(form))
      .next()
      .call(callWithTimeout, setPasswordWithLink, form)
      .throw(new HttpError(410, SET_PASSWORD_MSG.usedLink))
      .put(setPasswordFailed(SET_PASSWORD_MSG.usedLink))
      .next()
      .isDone();
  });
});

describe('the slice', () => {
  it('a dialog does not close while its save runs', () => {
    const opened = companyReducer(initialCompanyState, personAddOpened());
    const running = companyReducer(opened, personAddSubmitted(addForm));
    expect(companyReducer(running, personDialogClosed()).dialog).toEqual({ mode: 'add', person: null });
    expect(companyReducer(opened, personDialogClosed()).dialog).toBeNull();
  });
});
