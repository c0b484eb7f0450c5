import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { HttpError } from '@client/api/http';
import { fetchPublicConfig } from '@client/api/publicConfig';
import { paymentStarted } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { currentLocation, ensurePublicOrigin, wrongOriginNotice } from '@client/app/publicOrigin';
import { publicConfigLoaded, selectPublicUrl, wrongOriginDetected } from '@client/app/publicOriginSlice';
import { callWithTimeout } from '@client/app/sagaUtils';
import { createCardPayment } from '@client/features/payments/api';
import { paymentsSaga } from '@client/features/payments/paymentsSagas';
import { buyerState, order, rootReducer } from './fixtures';

// WebPay and Khipu send the buyer back to PUBLIC_URL: a card or transfer payment starts only from that origin.

const PUBLIC = 'https://portal.ejemplo.cl';
const internal = { origin: 'http://10.0.0.5:3000', pathname: '/user/sumary-order', search: '' };
const notice = { here: 'http://10.0.0.5:3000', publicOrigin: PUBLIC, link: `${PUBLIC}/user/sumary-order` };

afterEach(() => jest.restoreAllMocks());

describe('the notice', () => {
  it('another origin: the same page on the public address', () => {
    expect(wrongOriginNotice(internal, PUBLIC)).toEqual(notice);
    expect(wrongOriginNotice({ ...internal, pathname: '/user/pending-payments', search: '?x=1' }, `${PUBLIC}/`)).toMatchObject({
      link: `${PUBLIC}/user/pending-payments?x=1`,
    });
  });

  it('the same origin (whatever the path of PUBLIC_URL), or a PUBLIC_URL that is no http(s) URL: no notice', () => {
    expect(wrongOriginNotice({ ...internal, origin: PUBLIC }, `${PUBLIC}/portal`)).toBeNull();
    expect(wrongOriginNotice(internal, 'no es una url')).toBeNull();
  });
});

describe('ensurePublicOrigin, step by step', () => {
  it('PUBLIC_URL read once (then kept), another origin: the notice, and no', () => {
    testSaga(ensurePublicOrigin)
      .next()
      .select(selectPublicUrl)
      .next(null)
      .call(callWithTimeout, fetchPublicConfig)
      .next({ publicUrl: PUBLIC })
      .put(publicConfigLoaded(PUBLIC))
      .next()
      .call(currentLocation)
      .next(internal)
      .put(wrongOriginDetected(notice))
      .next()
      .returns(false);
  });

  it('already read, the same origin: yes, nothing asked', () => {
    testSaga(ensurePublicOrigin)
      .next()
      .select(selectPublicUrl)
      .next(PUBLIC)
      .call(currentLocation)
      .next({ ...internal, origin: PUBLIC })
      .returns(true);
  });

  it('the server cannot tell (an older server, no answer): the payment is not held back', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    testSaga(ensurePublicOrigin)
      .next()
      .select(selectPublicUrl)
      .next(null)
      .call(callWithTimeout, fetchPublicConfig)
      .throw(new HttpError(404, 'Recurso no encontrado'))
      .call([console, console.warn], '[payments] public-config not available', 'Recurso no encontrado')
      .next()
      .returns(true);
    expect(warn).not.toHaveBeenCalled(); // the call is the saga's effect, not run here
  });
});

describe('a card payment from another origin, whole', () => {
  it('does not start: no transaction created, no navigation, the notice in the store, the start idle again', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide([
        [matchers.call.fn(fetchPublicConfig), { publicUrl: PUBLIC }],
        [matchers.call.fn(currentLocation), internal],
      ])
      .dispatch(paymentStarted({ order, method: 'WEBPAY' }))
      .put(wrongOriginDetected(notice))
      .not.call.fn(createCardPayment)
      .not.call.fn(navigateTo)
      .silentRun(50);
    expect(storeState.publicOrigin).toEqual({ publicUrl: PUBLIC, notice });
    expect(storeState.payments.start.status).toBe('idle');
  });

  it('the public-config failing: the payment starts (the server keeps every rule)', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide([
        [matchers.call.fn(fetchPublicConfig), throwError(new HttpError(0, 'problema de conexión'))],
        [matchers.call.fn(createCardPayment), new Promise(() => undefined)],
      ])
      .dispatch(paymentStarted({ order, method: 'WEBPAY' }))
      .call.fn(createCardPayment)
      .silentRun(50);
  });
});
