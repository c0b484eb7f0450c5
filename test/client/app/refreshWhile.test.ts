import type { UnknownAction } from '@reduxjs/toolkit';
import { testSaga } from 'redux-saga-test-plan';
import { HttpError } from '@client/api/http';
import { REFRESH_EVERY_MS, REFRESH_FOR_MS, REFRESH_PAUSES_MS, refreshWhile, type RefreshWhile } from '@client/app/refreshWhile';
import { callWithTimeout } from '@client/app/sagaUtils';

// A screen's value read again while the server is still settling it (an order on its way to the ERP).

interface Reading {
  state: 'waiting' | 'done';
  n: number;
}
const read = jest.fn(async (): Promise<Reading> => ({ state: 'done', n: 0 }));
const how: RefreshWhile<Reading> = {
  settling: (r) => r.state === 'waiting',
  read,
  args: ['OC000042'],
  refreshed: (r) => ({ type: 'test/refreshed', payload: r }),
  closed: (a: UnknownAction) => a.type === 'test/closed',
};
const waiting = (n: number): Reading => ({ state: 'waiting', n });

/** The race of a pause against leaving the screen: checks the pause's length. */
const pauseOf = (ms: number) => (effect: unknown) => {
  const raced = (effect as { payload: { pause: { payload: { args: unknown[] } } } }).payload;
  expect(raced.pause.payload.args[0]).toBe(ms);
};

describe('refreshWhile', () => {
  it('pauses 3, 5 and 10 s, then every 15 s; each reading is shown; the first that is settled ends it', () => {
    let step = testSaga(refreshWhile<Reading>, waiting(0), how).next();
    const pauses = [3_000, 5_000, 10_000, 15_000, 15_000];
    pauses.forEach((pause, i) => {
      const now = i === pauses.length - 1 ? { state: 'done' as const, n: i + 1 } : waiting(i + 1);
      step = step.inspect(pauseOf(pause)).next({ pause: true }).call(callWithTimeout, read, 'OC000042').next(now).put(how.refreshed(now)).next();
    });
    step.isDone();
    expect([...REFRESH_PAUSES_MS, REFRESH_EVERY_MS]).toEqual([3_000, 5_000, 10_000, 15_000]);
  });

  it('stops when the screen is left; a read that failed keeps what is shown and tries again', () => {
    testSaga(refreshWhile<Reading>, waiting(0), how)
      .next()
      .inspect(pauseOf(3_000))
      .next({ pause: true })
      .call(callWithTimeout, read, 'OC000042')
      .throw(new HttpError(0, 'Sin conexión'))
      .inspect(pauseOf(5_000))
      .next({ closed: { type: 'test/closed' } })
      .isDone();
  });

  it('gives up after 10 minutes of waiting; a settled value is never read again', () => {
    let step = testSaga(refreshWhile<Reading>, waiting(0), how).next();
    let waited = 0;
    let reads = 0;
    for (let i = 0; waited < REFRESH_FOR_MS; i++) {
      waited += REFRESH_PAUSES_MS[i] ?? REFRESH_EVERY_MS;
      reads++;
      step = step.next({ pause: true }).call(callWithTimeout, read, 'OC000042').next(waiting(reads)).put(how.refreshed(waiting(reads))).next();
    }
    step.isDone();
    expect(reads).toBe(42); // 3 + 5 + 10 s, then 39 pauses of 15 s: the last read at 603 s
    testSaga(refreshWhile<Reading>, { state: 'done', n: 0 }, how).next().isDone();
  });
});
