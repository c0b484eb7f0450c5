// Stock por llegar in the SPA's tests (docs/incoming.md): a fixed today, so arrival dates read as the buyer reads them.

/** Today in these tests: arrivals within eleven months read without their year ('15-ene'). */
export const TODAY = '2026-12-01';
export const ARRIVES = '2027-01-15';
export const LATER = '2027-02-03';

/** Fakes the date only (timers, promises and animation frames stay real: Testing Library and sagas run as always). */
export function fixToday(iso = TODAY) {
  jest.useFakeTimers({
    now: new Date(`${iso}T15:00:00.000Z`),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

/** Each test of the file: today fixed (dates only) and the anti-forgery cookie a write needs; real timers after. */
export function eachTestOnToday() {
  beforeEach(() => {
    fixToday();
    document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
  });
  afterEach(() => jest.useRealTimers());
}
