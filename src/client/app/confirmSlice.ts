import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { race, take } from 'redux-saga/effects';

// A confirmation a saga waits for: it puts `requested`, then races take(confirmed) against take(declined).
export interface ConfirmRequest {
  title: string;
  text?: string;
  positive: string;
  /** Absent: an information dialog with a single button. */
  negative?: string;
  /**
   * Which button has the focus when the dialog opens: the positive one (default), or the negative one when the positive
   * does something that cannot be taken back lightly (re-driving jobs to the ERP), so Enter alone does not do it.
   */
  focus?: 'positive' | 'negative';
}
export interface ConfirmState {
  request: ConfirmRequest | null;
}

const initialState: ConfirmState = { request: null };

const confirmSlice = createSlice({
  name: 'confirm',
  initialState,
  reducers: {
    requested(_state, action: PayloadAction<ConfirmRequest>) {
      return { request: action.payload };
    },
    confirmed() {
      return initialState;
    },
    declined() {
      return initialState;
    },
  },
});

export const { requested: confirmRequested, confirmed: confirmAccepted, declined: confirmDeclined } = confirmSlice.actions;
export const confirmReducer = confirmSlice.reducer;
export const selectConfirmRequest = (state: { confirm: ConfirmState }) => state.confirm.request;

/** Waits for the buyer's answer to the dialog a saga requested: [confirmed, declined], one of them set. */
export const userDecision = () => race([take(confirmAccepted.type), take(confirmDeclined.type)]);
