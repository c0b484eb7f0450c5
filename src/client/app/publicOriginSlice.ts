import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// The deployment's public address (GET /api/public-config) and the notice shown when a card or transfer payment was
// about to start from another origin: the provider sends the buyer back to the public address, where this tab's
// session (session storage, one per origin) does not exist.

export interface WrongOriginNotice {
  /** Where the buyer is: window.location.origin. */
  here: string;
  /** The origin of PUBLIC_URL. */
  publicOrigin: string;
  /** The same page on the public address. */
  link: string;
}

export interface PublicOriginState {
  /** PUBLIC_URL as the server answered it, once read. */
  publicUrl: string | null;
  notice: WrongOriginNotice | null;
}

const initialState: PublicOriginState = { publicUrl: null, notice: null };

const publicOriginSlice = createSlice({
  name: 'publicOrigin',
  initialState,
  reducers: {
    configLoaded(state, action: PayloadAction<string>) {
      state.publicUrl = action.payload;
    },
    /** A payment was not started: this page is not on the public address. */
    wrongOriginDetected(state, action: PayloadAction<WrongOriginNotice>) {
      state.notice = action.payload;
    },
    noticeDismissed(state) {
      state.notice = null;
    },
  },
});

export const { configLoaded: publicConfigLoaded, wrongOriginDetected, noticeDismissed: wrongOriginNoticeDismissed } = publicOriginSlice.actions;
export const publicOriginReducer = publicOriginSlice.reducer;

type Root = { publicOrigin: PublicOriginState };
export const selectPublicUrl = (state: Root) => state.publicOrigin.publicUrl;
export const selectWrongOriginNotice = (state: Root) => state.publicOrigin.notice;
