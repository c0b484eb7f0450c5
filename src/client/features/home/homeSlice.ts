import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '@client/app/events';
import type { HomeOfferCard } from './api';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type OfferTab = 'women' | 'men';

export interface HomeState {
  banner: { status: LoadStatus; images: string[] };
  offers: Record<OfferTab, { status: LoadStatus; items: HomeOfferCard[] }>;
}

const initialState: HomeState = {
  banner: { status: 'idle', images: [] },
  offers: { women: { status: 'idle', items: [] }, men: { status: 'idle', items: [] } },
};

const homeSlice = createSlice({
  name: 'home',
  initialState,
  reducers: {
    /** The home screen was shown: banner and both offer lists (re)load. */
    opened(state) {
      state.banner.status = 'loading';
      state.offers.women.status = 'loading';
      state.offers.men.status = 'loading';
    },
    bannerLoaded(state, action: PayloadAction<string[]>) {
      state.banner = { status: 'loaded', images: action.payload };
    },
    bannerFailed(state) {
      state.banner = { status: 'failed', images: [] };
    },
    offersLoaded(state, action: PayloadAction<{ tab: OfferTab; items: HomeOfferCard[] }>) {
      state.offers[action.payload.tab] = { status: 'loaded', items: action.payload.items };
    },
    offersFailed(state, action: PayloadAction<{ tab: OfferTab }>) {
      state.offers[action.payload.tab] = { status: 'failed', items: [] };
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState).addCase(sessionExpired, () => initialState),
});

export const {
  opened: homeOpened,
  bannerLoaded: homeBannerLoaded,
  bannerFailed: homeBannerFailed,
  offersLoaded: homeOffersLoaded,
  offersFailed: homeOffersFailed,
} = homeSlice.actions;
export const homeReducer = homeSlice.reducer;

type WithHome = { home: HomeState };
export const selectBanner = (state: WithHome) => state.home.banner;
export const selectOffers = (tab: OfferTab) => (state: WithHome) => state.home.offers[tab];
