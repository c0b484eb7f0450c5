import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from './events';

// The global message bar (R-GEN-4: Message = tipoMessage + message).
export type TipoMessage = 'Error' | 'Advertencia';
export interface GlobalMessage {
  tipoMessage: TipoMessage;
  message: string;
}
export interface MessageState {
  current: GlobalMessage | null;
}

const initialState: MessageState = { current: null };

const messageSlice = createSlice({
  name: 'message',
  initialState,
  reducers: {
    shown(_state, action: PayloadAction<GlobalMessage>) {
      return { current: action.payload };
    },
    dismissed() {
      return { current: null };
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { shown: messageShown, dismissed: messageDismissed } = messageSlice.actions;
export const messageReducer = messageSlice.reducer;
export const selectGlobalMessage = (state: { message: MessageState }) => state.message.current;
