import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { CompanyPerson, CompanyPersonAnswer } from '@shared/api/companyPeople';
import type { MessageResponse } from '@shared/api/types';
import { fill } from '@shared/messages';
import { SET_PASSWORD_MSG, type SetPasswordForm } from '@shared/schemas/setPassword';
import type { PersonAddForm } from '@shared/schemas/companyPeople';
import { toApiError } from '@client/api/http';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { wholeListSaga } from '@client/app/pagedListSagas';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { addPerson, changePerson, fetchPeople, sendPasswordLink, setPasswordWithLink, setPersonActive } from './api';
import {
  peopleLoaded,
  peopleLoadFailed,
  peopleLoadStarted,
  peopleOpened,
  personActivationDeclined,
  personActivationDone,
  personActivationFailed,
  personActivationRequested,
  personAddSubmitted,
  personChangeSubmitted,
  personLinkRequested,
  personSaved,
  personSaveFailed,
  setPasswordDone,
  setPasswordFailed,
  setPasswordSubmitted,
  type PersonActivation,
  type PersonChange,
} from './companySlice';
import { COMPANY_TEXT as T } from './companyTexts';

/** The company's people, whole. */
export const handlePeopleLoad = wholeListSaga({ started: peopleLoadStarted, loaded: peopleLoaded, failed: peopleLoadFailed }, fetchPeople);

/**
 * A save of the dialog: the person in the list and the dialog closed, the answer's message as a toast; a refusal (an
 * e-mail already used, the last Administrador) stays in the dialog.
 */
function* savePerson(...request: Parameters<typeof callWithTimeout>) {
  try {
    const answer: CompanyPersonAnswer = yield call(callWithTimeout, ...request);
    yield put(personSaved(answer.person));
    yield call(notify, answer.message, 'success');
  } catch (error) {
    yield put(personSaveFailed(toApiError(error).message));
  }
}

/** 'Guardar' of the add dialog: the person is added (the ERP contact, the user, the set-your-password mail). */
export function* handlePersonAdd(action: PayloadAction<PersonAddForm>) {
  yield* savePerson(addPerson, action.payload);
}

/** 'Guardar' of the change dialog. */
export function* handlePersonChange(action: PayloadAction<PersonChange>) {
  yield* savePerson(changePerson, action.payload.id, action.payload.form);
}

/** The confirmation of a deactivation or reactivation, in the person's name. */
export function activationPrompt({ person, active }: PersonActivation) {
  const name = person.name || person.rut;
  return active
    ? confirmRequested({ title: fill(T.reactivatePrompt, { name }), text: T.reactivateText, positive: T.reactivate, negative: T.cancel })
    : confirmRequested({ title: fill(T.deactivatePrompt, { name }), text: T.deactivateText, positive: T.deactivate, negative: T.cancel, focus: 'negative' });
}

/**
 * A row's action that asks first: the prompt, then the call; the answer's message as a toast, a refusal (the last
 * Administrador, a deactivated person) as one too.
 */
function* askThenCall(prompt: ReturnType<typeof confirmRequested>, ...request: Parameters<typeof callWithTimeout>) {
  yield put(prompt);
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(personActivationDeclined());
    yield call(notify, T.notChanged, 'info');
    return;
  }
  try {
    const answer: CompanyPersonAnswer = yield call(callWithTimeout, ...request);
    yield put(personActivationDone(answer.person));
    yield call(notify, answer.message, 'success');
  } catch (error) {
    const { message } = toApiError(error);
    yield put(personActivationFailed(message));
    yield call(notify, message, 'error');
  }
}

/** 'Desactivar' / 'Reactivar'. */
export function* handlePersonActivation(action: PayloadAction<PersonActivation>) {
  yield* askThenCall(activationPrompt(action.payload), setPersonActive, action.payload.person.id, action.payload.active);
}

/** 'Enviar enlace de contraseña': a new single-use link by mail. */
export function* handlePersonLink(action: PayloadAction<CompanyPerson>) {
  const person = action.payload;
  const prompt = confirmRequested({ title: fill(T.linkPrompt, { name: person.name || person.rut }), text: fill(T.linkText, { email: person.email }), positive: T.linkSend, negative: T.cancel });
  yield* askThenCall(prompt, sendPasswordLink, person.id);
}

/** The set-your-password page: the password is set, then to /login with the answer as a toast; a refusal stays on the page. */
export function* handleSetPassword(action: PayloadAction<SetPasswordForm>) {
  try {
    const answer: MessageResponse = yield call(callWithTimeout, setPasswordWithLink, action.payload);
    yield put(setPasswordDone());
    yield call(navigateTo, '/login', { replace: true });
    yield call(notify, answer?.message || SET_PASSWORD_MSG.done, 'success');
  } catch (error) {
    yield put(setPasswordFailed(toApiError(error).message));
  }
}

export function* companySaga() {
  yield all([
    fork(function* watchPeople() {
      yield takeLatest(peopleOpened.type, safe(handlePeopleLoad));
    }),
    // one save, one activation and one password at a time: a second click while one runs is ignored
    takeLeading(personAddSubmitted.type, safe(handlePersonAdd)),
    takeLeading(personChangeSubmitted.type, safe(handlePersonChange)),
    takeLeading(personActivationRequested.type, safe(handlePersonActivation)),
    takeLeading(personLinkRequested.type, safe(handlePersonLink)),
    takeLeading(setPasswordSubmitted.type, safe(handleSetPassword)),
  ]);
}
