// User Timing of the search box, so the time a keystroke costs can be read in the browser (DevTools' Performance panel,
// or the Chromium bench): a mark when a key changes the text, and a measure from it to the commit of the results that
// text gave (the deferred render, React's render and commit of the list). One mark and one measure are kept at a time.

export const KEY_MARK = 'search:key';
export const KEYSTROKE_MEASURE = 'search:keystroke';

const timing = typeof performance !== 'undefined' && typeof performance.mark === 'function' && typeof performance.measure === 'function';

/** A key changed the text. */
export function markKeystroke(): void {
  if (!timing) return;
  performance.clearMarks(KEY_MARK);
  performance.mark(KEY_MARK);
}

/** The results of the latest text are on the page: the measure from its key (none when no key started it). */
export function measureKeystroke(): void {
  if (!timing || performance.getEntriesByName(KEY_MARK, 'mark').length === 0) return;
  performance.clearMeasures(KEYSTROKE_MEASURE);
  performance.measure(KEYSTROKE_MEASURE, KEY_MARK);
  performance.clearMarks(KEY_MARK);
}
