import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { call, delay, race, take } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { callWithTimeout, REQUEST_TIMEOUT_MS } from '@client/app/sagaUtils';
import { fetchTransferPayment } from '@client/features/payments/api';

const delayFn = delay(0).payload.fn;
/** The timeout branch of the race: the delay answers at once (no fake timers with expectSaga). */
const timeoutNow: [matchers.Matcher, unknown] = [matchers.call.fn(delayFn), true];

/** An api call that never answers and keeps the signal it was given. */
function hangingApi() {
  const seen: { signal?: AbortSignal } = {};
  const api = jest.fn((_id: string, options?: { signal?: AbortSignal }) => {
    seen.signal = options?.signal;
    return new Promise<never>(() => undefined);
  });
  return { api, seen };
}

describe('callWithTimeout', () => {
  it('races the api call, given a signal, against REQUEST_TIMEOUT_MS; an answer is returned', () => {
    const api = (_id: string, _options?: { signal?: AbortSignal }) => Promise.resolve('ok');
    // stepped by hand: the signal in the call is a new one each run
    const gen = callWithTimeout(api, 'P1');
    const raced = gen.next().value as ReturnType<typeof race>;
    const { result, timeout } = raced.payload as unknown as { result: ReturnType<typeof call>; timeout: ReturnType<typeof delay> };
    expect(result.payload.fn).toBe(api);
    expect(result.payload.args[0]).toBe('P1');
    expect((result.payload.args[1] as { signal: AbortSignal }).signal).toBeInstanceOf(AbortSignal);
    expect(timeout).toEqual(delay(REQUEST_TIMEOUT_MS));
    gen.next({ result: 'ok' } as never); // the cancelled() check of finally
    expect(gen.next(false)).toEqual({ done: true, value: 'ok' });
  });

  it('the signal reaches fetch through the feature api', async () => {
    const realFetch = global.fetch;
    const fetchMock = jest.fn(async () => new Response(JSON.stringify({ payment_id: 'P1' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    global.fetch = fetchMock as unknown as typeof fetch;
    await expectSaga(callWithTimeout, fetchTransferPayment, 'P1').returns({ payment_id: 'P1' }).run();
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(init.signal?.aborted).toBe(false);
    global.fetch = realFetch;
  });

  it('a timeout aborts the fetch and fails like a lost connection (status 0)', async () => {
    const { api, seen } = hangingApi();
    let failure: unknown;
    function* caller() {
      try {
        yield call(callWithTimeout, api, 'P1');
      } catch (error) {
        failure = error;
      }
    }
    await expectSaga(caller).provide([timeoutNow]).run();
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 0, message: 'problema de conexión' });
    expect(seen.signal?.aborted).toBe(true);
  });

  it('a saga cancelled while it waits (takeLatest, a lost race) aborts the fetch', async () => {
    const { api, seen } = hangingApi();
    function* parent() {
      yield race({ answer: call(callWithTimeout, api, 'P1'), closed: take('closed') });
    }
    await expectSaga(parent).dispatch({ type: 'closed' }).run();
    expect(api).toHaveBeenCalledTimes(1);
    expect(seen.signal?.aborted).toBe(true);
  });

  it('an answer in time does not abort', async () => {
    let signal: AbortSignal | undefined;
    const api = (_id: string, options?: { signal?: AbortSignal }) => {
      signal = options?.signal;
      return Promise.resolve('ok');
    };
    await expectSaga(callWithTimeout, api, 'P1').returns('ok').run();
    expect(signal?.aborted).toBe(false);
  });
});
