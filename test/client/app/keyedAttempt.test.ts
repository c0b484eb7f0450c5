import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call } from 'redux-saga/effects';
import { MSG } from '@shared/messages';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { sameRequest, sendOnce, type AttemptSlot, type KeyedAttempt } from '@client/app/keyedAttempt';
import { callWithTimeout } from '@client/app/sagaUtils';
import { SERVER_MSG } from '@server/messages';

// One user action, one Idempotency-Key (docs/exactly-once.md): kept while the outcome is unknown, dropped by an answer.

type Request = { items: { sku: string; quantity: number }[] };
const slice = createSlice({
  name: 'attempts',
  initialState: { attempt: null as KeyedAttempt<Request> | null },
  reducers: {
    started(state, action: PayloadAction<KeyedAttempt<Request>>) {
      state.attempt = action.payload;
    },
    settled(state) {
      state.attempt = null;
    },
  },
});
type State = ReturnType<typeof slice.reducer>;
const SLOT: AttemptSlot<Request, State> = { select: (state) => state.attempt, started: slice.actions.started, settled: slice.actions.settled };
const send = (_request: Request, _key: string) => Promise.resolve('ok');
const request: Request = { items: [{ sku: 'POL-1001-M', quantity: 2 }] };

/** A press of the action's button: its failure is the caller's to tell (here, it is only caught). */
function* press() {
  try {
    return (yield call(sendOnce, SLOT, request, send, request)) as unknown;
  } catch {
    return 'failed';
  }
}

const run = (state: State, outcome: unknown) =>
  expectSaga(press)
    .withReducer(slice.reducer, state)
    .provide([
      [matchers.call.fn(newIdempotencyKey), 'key-new'],
      [matchers.call.fn(callWithTimeout), outcome],
    ]);

describe('sendOnce', () => {
  it('a first send: a new key, kept while it runs, sent, dropped when answered', async () => {
    const { storeState, returnValue } = await run({ attempt: null }, 'ok')
      .put(slice.actions.started({ key: 'key-new', request }))
      .call(callWithTimeout, send, request, 'key-new')
      .put(slice.actions.settled())
      .run();
    expect(returnValue).toBe('ok');
    expect(storeState.attempt).toBeNull();
  });

  it.each([
    ['no answer (timeout, network)', new HttpError(0, MSG.connectionProblem)],
    ['a server failure', new HttpError(503, 'El ERP no está disponible')],
    ['the first request with the key still running', new HttpError(409, MSG.idempotencyInProgress)],
  ])('%s: the key stays, and the next press of the same action sends it again', async (_case, error) => {
    const lost = await run({ attempt: null }, throwError(error)).run();
    expect(lost.returnValue).toBe('failed');
    expect(lost.storeState.attempt).toEqual({ key: 'key-new', request });
    const again = await run({ attempt: { key: 'key-kept', request } }, 'ok').call(callWithTimeout, send, request, 'key-kept').not.call.fn(newIdempotencyKey).run();
    expect(again.storeState.attempt).toBeNull();
  });

  it.each([
    ['a refusal (4xx)', new HttpError(403, 'Cliente bloqueado: no puede agregar productos al carro')],
    ['the key refused with another request (422)', new HttpError(422, SERVER_MSG.idempotencyKeyReused)],
  ])('%s settles the action: the key is dropped', async (_case, error) => {
    const { storeState } = await run({ attempt: { key: 'key-kept', request } }, throwError(error)).call(callWithTimeout, send, request, 'key-kept').run();
    expect(storeState.attempt).toBeNull();
  });

  it('a kept key of another request is not used: the new action gets its own', async () => {
    const other = { key: 'key-other', request: { items: [{ sku: 'POL-1001-M', quantity: 5 }] } };
    const { storeState } = await run({ attempt: other }, throwError(new HttpError(0, MSG.connectionProblem)))
      .call(callWithTimeout, send, request, 'key-new')
      .run();
    expect(storeState.attempt).toEqual({ key: 'key-new', request });
  });
});

describe('sameRequest', () => {
  it('the same body is the same request; another quantity or order is another', () => {
    expect(sameRequest(request, { items: [{ sku: 'POL-1001-M', quantity: 2 }] })).toBe(true);
    expect(sameRequest(request, { items: [{ sku: 'POL-1001-M', quantity: 3 }] })).toBe(false);
    expect(sameRequest({ kind: 'order', id: 1 }, { kind: 'order', id: 2 })).toBe(false);
  });
});
