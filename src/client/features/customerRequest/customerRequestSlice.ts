import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CustomerRequestFields } from '@shared/api/customerRequest';
import type { FlowStatus } from '@client/app/loadable';

// The customer creation request (R-REQ-3): the flow's status only; the form is Formik's.

export interface CustomerRequestState {
  status: FlowStatus;
  error: string | null;
  /** No CREATION_USER recipient: the 'Solicitud Creación Cliente' error dialog is open. */
  noRecipient: boolean;
}

export const initialCustomerRequestState: CustomerRequestState = { status: 'idle', error: null, noRecipient: false };

const customerRequestSlice = createSlice({
  name: 'customerRequest',
  initialState: initialCustomerRequestState,
  reducers: {
    /** The screen mounted: an earlier visit's failure or dialog is not shown again (a running flow keeps going). */
    requestScreenOpened(state) {
      if (state.status !== 'running') return initialCustomerRequestState;
      return state;
    },
    /** A valid form was submitted: the one event of the form. */
    requestSubmitted(state, _action: PayloadAction<CustomerRequestFields>) {
      state.status = 'running';
      state.error = null;
      state.noRecipient = false;
    },
    /** 'No Enviar solicitud'. */
    requestDeclined(state) {
      state.status = 'idle';
    },
    /** No recipient for CREATION_USER: nothing is sent. */
    recipientMissing(state) {
      state.status = 'idle';
      state.noRecipient = true;
    },
    noRecipientClosed(state) {
      state.noRecipient = false;
    },
    requestSent(state) {
      state.status = 'idle';
    },
    requestFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    errorClosed(state) {
      state.status = 'idle';
      state.error = null;
    },
  },
});

export const { requestScreenOpened, requestSubmitted, requestDeclined, recipientMissing, noRecipientClosed, requestSent, requestFailed, errorClosed } =
  customerRequestSlice.actions;
export const customerRequestReducer = customerRequestSlice.reducer;
