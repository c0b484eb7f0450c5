import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait up to 10 s (not 1 s): a loaded CI machine renders MUI screens slowly, and a screen that never
// shows what is awaited still fails.
configure({ asyncUtilTimeout: 10_000 });
// screens render MUI and the Data Grid in jsdom: on a busy 2-core machine one test can take several seconds
jest.setTimeout(30_000);

// jsdom has no scrolling; the router's ScrollToTop calls it on every navigation.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

afterEach(() => {
  window.sessionStorage.clear();
});
