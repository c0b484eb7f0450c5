import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { call } from 'redux-saga/effects';
import { addCartLines } from '@client/api/cart';
import { configureHttp } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { sendOnce, type AttemptSlot, type KeyedAttempt } from '@client/app/keyedAttempt';
import type { CartBulkRequest } from '@shared/api/cart';

// Behind a load balancer: the instance that got the cart's add went away (a 502/503 from the proxy, or no answer).
// The saga's one call (sendOnce → callWithTimeout → the real api and http client) sends the SAME key again by itself
// and the action ends with the server's answer: one key, one add, the attempt settled.

const slice = createSlice({
  name: 'attempts',
  initialState: { attempt: null as KeyedAttempt<CartBulkRequest> | null },
  reducers: {
    started(state, action: PayloadAction<KeyedAttempt<CartBulkRequest>>) {
      state.attempt = action.payload;
    },
    settled(state) {
      state.attempt = null;
    },
  },
});
const SLOT: AttemptSlot<CartBulkRequest, { attempt: KeyedAttempt<CartBulkRequest> | null }> = {
  select: (state) => state.attempt,
  started: slice.actions.started,
  settled: slice.actions.settled,
};
const request: CartBulkRequest = { items: [{ sku: 'POL-1001-M', quantity: 2 }] };
const answer = { lines: [{ sku: 'POL-1001-M', added: 2 }] };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: jest.Mock<Promise<Response>, [string, RequestInit]>;
beforeEach(() => {
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
  configureHttp({ getToken: () => 'jwt', onSessionExpired: () => undefined });
  document.cookie = 'XSRF-TOKEN=abc; path=/';
});

const keysSent = () => fetchMock.mock.calls.map((c) => (c[1].headers as Record<string, string>)['Idempotency-Key']);

function* press() {
  return (yield call(sendOnce, SLOT, request, addCartLines, request)) as unknown;
}

describe('a keyed add whose instance went away is sent again with its key', () => {
  it.each([
    ['a 503 from the proxy', () => fetchMock.mockResolvedValueOnce(json(503, { message: 'Service Unavailable' }))],
    ['a 502 from the proxy', () => fetchMock.mockResolvedValueOnce(json(502, { message: 'Bad Gateway' }))],
    ['no answer', () => fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))],
  ])('%s, then the answer: the action ends with it, one key made, sent twice, the attempt settled', async (_what, firstFails) => {
    firstFails();
    fetchMock.mockResolvedValueOnce(json(200, answer));
    const { returnValue, storeState } = await expectSaga(press)
      .withReducer(slice.reducer)
      .provide([[matchers.call.fn(newIdempotencyKey), 'key-1']])
      .put(slice.actions.started({ key: 'key-1', request }))
      .put(slice.actions.settled())
      .run({ timeout: 5000 });
    expect(returnValue).toEqual(answer);
    expect(keysSent()).toEqual(['key-1', 'key-1']);
    expect(storeState).toEqual({ attempt: null });
  });

  it('still failing after the resends: the error is the action’s and the key is kept for the next press', async () => {
    fetchMock.mockImplementation(async () => json(503, { message: 'Service Unavailable' }));
    const saga = expectSaga(function* () {
      try {
        yield call(sendOnce, SLOT, request, addCartLines, request);
      } catch (error) {
        return (error as { status: number }).status;
      }
    })
      .withReducer(slice.reducer)
      .provide([[matchers.call.fn(newIdempotencyKey), 'key-2']])
      .not.put(slice.actions.settled());
    const { returnValue, storeState } = await saga.run({ timeout: 10_000 });
    expect(returnValue).toBe(503);
    expect(new Set(keysSent())).toEqual(new Set(['key-2']));
    expect(keysSent().length).toBeGreaterThan(1);
    expect(storeState).toEqual({ attempt: { key: 'key-2', request } });
  });
});
