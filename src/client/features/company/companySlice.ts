import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CompanyPerson } from '@shared/api/companyPeople';
import type { SetPasswordForm } from '@shared/schemas/setPassword';
import type { PersonAddForm, PersonChangeForm } from '@shared/schemas/companyPeople';
import { loggedOut, sessionExpired } from '@client/app/events';
import { flowSteps, idleFlow, type Flow, type Loadable } from '@client/app/loadable';
import { wholeListLoad } from '@client/app/pagedList';

// 'Mi empresa → Personas' (docs/company-people.md): the company's people, the add and change dialog, deactivation and
// reactivation; and the set-your-password page a new person reaches from their mail.

export interface PersonDialog {
  mode: 'add' | 'edit';
  /** The person being changed ('edit'). */
  person: CompanyPerson | null;
}

export interface CompanyState {
  people: Loadable<CompanyPerson[]>;
  /** The add or change dialog, when open. */
  dialog: PersonDialog | null;
  save: Flow;
  /** A deactivation, a reactivation or a new password link. */
  activation: Flow;
  setPassword: Flow;
}

export const initialCompanyState: CompanyState = {
  people: { status: 'idle', data: [], error: null },
  dialog: null,
  save: idleFlow,
  activation: idleFlow,
  setPassword: idleFlow,
};

const people = wholeListLoad<CompanyPerson, 'people'>('people');
const saveSteps = flowSteps<'save'>('save');
const activationSteps = flowSteps<'activation'>('activation');
const setPasswordSteps = flowSteps<'setPassword'>('setPassword');

/** A person's change: its id and the form. */
export interface PersonChange {
  id: number;
  form: PersonChangeForm;
}

/** 'Desactivar' or 'Reactivar' of a row. */
export interface PersonActivation {
  person: CompanyPerson;
  active: boolean;
}

const companySlice = createSlice({
  name: 'company',
  initialState: initialCompanyState,
  reducers: {
    /** /user/company/people mounted (or 'Reintentar'). */
    peopleOpened(state) {
      state.people.status = 'loading';
    },
    peopleLoadStarted: people.started,
    peopleLoaded: people.loaded,
    peopleLoadFailed: people.failed,

    /** 'Agregar persona'. */
    personAddOpened(state) {
      state.dialog = { mode: 'add', person: null };
      state.save = idleFlow;
    },
    /** 'Editar' of a row. */
    personEditOpened(state, action: PayloadAction<CompanyPerson>) {
      state.dialog = { mode: 'edit', person: action.payload };
      state.save = idleFlow;
    },
    /** 'Cancelar' or Escape (not while a save runs). */
    personDialogClosed(state) {
      if (state.save.status !== 'running') state.dialog = null;
    },
    personAddSubmitted: saveSteps.start<PersonAddForm>(),
    personChangeSubmitted: saveSteps.start<PersonChange>(),
    /** The server's answer: the person as saved; the dialog closes. */
    personSaved(state, action: PayloadAction<CompanyPerson>) {
      state.save = idleFlow;
      state.dialog = null;
      upsert(state, action.payload);
    },
    personSaveFailed: saveSteps.failed,
    personSaveErrorClosed: saveSteps.idle,

    /** 'Desactivar' / 'Reactivar': the saga asks first. */
    personActivationRequested: activationSteps.start<PersonActivation>(),
    personActivationDeclined: activationSteps.idle,
    personActivationDone(state, action: PayloadAction<CompanyPerson>) {
      state.activation = idleFlow;
      upsert(state, action.payload);
    },
    personActivationFailed: activationSteps.failed,
    /** 'Enviar enlace de contraseña' of a row: the saga asks first. */
    personLinkRequested: activationSteps.start<CompanyPerson>(),

    /** The set-your-password page's form, valid. */
    setPasswordSubmitted: setPasswordSteps.start<SetPasswordForm>(),
    setPasswordDone: setPasswordSteps.idle,
    setPasswordFailed: setPasswordSteps.failed,
    setPasswordErrorClosed: setPasswordSteps.idle,
  },
  // another person may log in next: nothing of this one stays
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialCompanyState).addCase(sessionExpired, () => initialCompanyState),
});

/** The person replaced in the list (or added at its end), the list kept by id. */
function upsert(state: CompanyState, person: CompanyPerson) {
  state.people.data = [...state.people.data.filter((p) => p.id !== person.id), person].sort((a, b) => a.id - b.id);
}

export const {
  peopleOpened,
  peopleLoadStarted,
  peopleLoaded,
  peopleLoadFailed,
  personAddOpened,
  personEditOpened,
  personDialogClosed,
  personAddSubmitted,
  personChangeSubmitted,
  personSaved,
  personSaveFailed,
  personSaveErrorClosed,
  personActivationRequested,
  personActivationDeclined,
  personActivationDone,
  personActivationFailed,
  personLinkRequested,
  setPasswordSubmitted,
  setPasswordDone,
  setPasswordFailed,
  setPasswordErrorClosed,
} = companySlice.actions;
export const companyReducer = companySlice.reducer;
