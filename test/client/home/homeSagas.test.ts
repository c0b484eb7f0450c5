import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { messageShown } from '@client/app/messageSlice';
import { rootReducer } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import { fetchBanner, fetchMenOffers, fetchWomenOffers, type HomeOfferCard } from '@client/features/home/api';
import { handleHomeOpened, handleLoadBanner, handleLoadOffers, homeErrorText } from '@client/features/home/homeSagas';
import { homeBannerFailed, homeBannerLoaded, homeOffersFailed, homeOffersLoaded, homeOpened } from '@client/features/home/homeSlice';
import { callWithTimeout } from '@client/app/sagaUtils';

const banner = { urlBannerImage: '/files/banners/1.jpg', urlBannerImage2: '/files/banners/2.jpg', urlBannerImage3: '/files/banners/3.jpg' };
const women: HomeOfferCard[] = [{ sku: 'POL-1004', mainUrlImage: '/files/products/POL-1004.svg', descripcion: 'Polera Dry Fit Deportiva', variante: 'Fucsia', precioOferta: 8990, percentage: 20 }];
const men: HomeOfferCard[] = [{ sku: 'PAN-2001', mainUrlImage: '', descripcion: 'Pantalón Cargo', variante: 'Gris', precioOferta: 17990, percentage: 10 }];

describe('home sagas, step by step', () => {
  it('loads the banner and both offer lists in parallel', () => {
    testSaga(handleHomeOpened)
      .next()
      .all([call(handleLoadBanner), call(handleLoadOffers, 'women'), call(handleLoadOffers, 'men')])
      .next()
      .isDone();
  });

  it('banner: the three images in order', () => {
    testSaga(handleLoadBanner)
      .next()
      .call(callWithTimeout, fetchBanner)
      .next(banner)
      .put(homeBannerLoaded(['/files/banners/1.jpg', '/files/banners/2.jpg', '/files/banners/3.jpg']))
      .next()
      .isDone();
  });

  it('banner failure: Error bar "{message}, intentelo mas tarde" (R-HOME-3)', () => {
    testSaga(handleLoadBanner)
      .next()
      .call(callWithTimeout, fetchBanner)
      .throw(new HttpError(500, 'boom'))
      .put(homeBannerFailed())
      .next()
      .put(messageShown({ tipoMessage: 'Error', message: 'Internal server error, intentelo mas tarde' }))
      .next()
      .isDone();
  });

  it('no banner set (404): an empty carousel, no error', () => {
    testSaga(handleLoadBanner).next().call(callWithTimeout, fetchBanner).throw(new HttpError(404, 'No hay banner cargado')).put(homeBannerLoaded([])).next().isDone();
  });

  it('offer failure: same text with the (B1) suffix', () => {
    testSaga(handleLoadOffers, 'men')
      .next()
      .call(callWithTimeout, fetchMenOffers)
      .throw(new HttpError(0, 'Failed to fetch'))
      .put(homeOffersFailed({ tab: 'men' }))
      .next()
      .put(messageShown({ tipoMessage: 'Error', message: 'problema de conexión, intentelo mas tarde (B1)' }))
      .next()
      .isDone();
  });

  it('error texts per status (R-GEN-2)', () => {
    expect(homeErrorText(new HttpError(0, 'x'))).toBe('problema de conexión, intentelo mas tarde');
    expect(homeErrorText(new HttpError(404, 'x'), ' (B1)')).toBe('Not found, intentelo mas tarde (B1)');
    expect(homeErrorText(new HttpError(500, 'x'))).toBe('Internal server error, intentelo mas tarde');
    expect(homeErrorText(new HttpError(502, 'Bad Gateway'))).toBe('Server-side error: 502 Bad Gateway, intentelo mas tarde');
  });
});

describe('home saga, whole flow with the reducers', () => {
  it('each part fails on its own: banner and men loaded, women failed with its bar', async () => {
    const { storeState } = await expectSaga(handleHomeOpened)
      .withReducer(rootReducer)
      .dispatch(homeOpened())
      .provide([
        [matchers.call.fn(fetchBanner), banner],
        [matchers.call.fn(fetchWomenOffers), throwError(new HttpError(503, 'ERP no disponible'))],
        [matchers.call.fn(fetchMenOffers), men],
      ])
      .run();
    expect(storeState.home.banner).toEqual({ status: 'loaded', data: ['/files/banners/1.jpg', '/files/banners/2.jpg', '/files/banners/3.jpg'], error: null });
    expect(storeState.home.offers.men).toEqual({ status: 'loaded', data: men, error: null });
    expect(storeState.home.offers.women).toEqual({ status: 'failed', data: [], error: null });
    expect(storeState.message.current).toEqual({ tipoMessage: 'Error', message: 'Server-side error: 503 ERP no disponible, intentelo mas tarde (B1)' });
  });

  it('everything loads', async () => {
    const { storeState } = await expectSaga(handleHomeOpened)
      .withReducer(rootReducer)
      .provide([
        [matchers.call.fn(fetchBanner), banner],
        [matchers.call.fn(fetchWomenOffers), women],
        [matchers.call.fn(fetchMenOffers), men],
      ])
      .put(homeOffersLoaded({ tab: 'women', items: women }))
      .run();
    expect(storeState.home.offers.women.data).toEqual(women);
    expect(storeState.message.current).toBeNull();
  });
});
