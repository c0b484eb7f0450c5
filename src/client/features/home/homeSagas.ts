import { all, call, put, takeLatest } from 'redux-saga/effects';
import { homeServiceError } from '@shared/messages';
import { toApiError } from '@client/api/http';
import { messageShown } from '@client/app/messageSlice';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { fetchBanner, fetchMenOffers, fetchWomenOffers, type HomeBanner, type HomeOfferCard } from './api';
import { homeBannerFailed, homeBannerLoaded, homeOffersFailed, homeOffersLoaded, homeOpened, type OfferTab } from './homeSlice';

/** The three banner images that are set, in order. */
export function bannerImages(banner: HomeBanner | null | undefined): string[] {
  if (!banner) return [];
  return [banner.urlBannerImage, banner.urlBannerImage2, banner.urlBannerImage3].filter((url): url is string => Boolean(url));
}

/** R-HOME-3: '{message}, intentelo mas tarde', with ' (B1)' for the offer lists. */
export function homeErrorText(error: unknown, suffix = ''): string {
  const { status, message } = toApiError(error);
  return `${homeServiceError(status, message)}, intentelo mas tarde${suffix}`;
}

export function* handleLoadBanner() {
  try {
    const banner: HomeBanner = yield call(callWithTimeout, fetchBanner);
    yield put(homeBannerLoaded(bannerImages(banner)));
  } catch (error) {
    // 404 is the API's answer when no banner is set: an empty carousel, not a failure
    if (toApiError(error).status === 404) {
      yield put(homeBannerLoaded([]));
      return;
    }
    yield put(homeBannerFailed());
    yield put(messageShown({ tipoMessage: 'Error', message: homeErrorText(error) }));
  }
}

const offerCalls = { women: fetchWomenOffers, men: fetchMenOffers } as const;

export function* handleLoadOffers(tab: OfferTab) {
  try {
    const items: HomeOfferCard[] = yield call(callWithTimeout, offerCalls[tab]);
    yield put(homeOffersLoaded({ tab, items: Array.isArray(items) ? items : [] }));
  } catch (error) {
    yield put(homeOffersFailed({ tab }));
    yield put(messageShown({ tipoMessage: 'Error', message: homeErrorText(error, ' (B1)') }));
  }
}

/** Banner and both offer lists in parallel; each fails on its own. */
export function* handleHomeOpened() {
  yield all([call(handleLoadBanner), call(handleLoadOffers, 'women'), call(handleLoadOffers, 'men')]);
}

export function* watchHomeOpened() {
  yield takeLatest(homeOpened.type, safe(handleHomeOpened));
}

export function* homeSaga() {
  yield all([call(watchHomeOpened)]);
}
