import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '@client/app/events';
import { idleLoad, loadedWith, startLoading, type Loadable } from '@client/app/loadable';
import type { HomeOfferCard } from './api';

export type OfferTab = 'women' | 'men';

export interface HomeState {
  /** The three images of the banner set. */
  banner: Loadable<string[]>;
  offers: Record<OfferTab, Loadable<HomeOfferCard[]>>;
}

const initialState: HomeState = {
  banner: idleLoad([]),
  offers: { women: idleLoad([]), men: idleLoad([]) },
};

const homeSlice = createSlice({
  name: 'home',
  initialState,
  reducers: {
    /** The home screen was shown: banner and both offer lists (re)load. */
    opened(state) {
      startLoading(state.banner);
      startLoading(state.offers.women);
      startLoading(state.offers.men);
    },
    bannerLoaded(state, action: PayloadAction<string[]>) {
      state.banner = loadedWith(action.payload);
    },
    bannerFailed(state) {
      state.banner = { status: 'failed', data: [], error: null };
    },
    offersLoaded(state, action: PayloadAction<{ tab: OfferTab; items: HomeOfferCard[] }>) {
      state.offers[action.payload.tab] = loadedWith(action.payload.items);
    },
    offersFailed(state, action: PayloadAction<{ tab: OfferTab }>) {
      state.offers[action.payload.tab] = { status: 'failed', data: [], error: null };
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
