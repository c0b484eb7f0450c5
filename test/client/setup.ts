import '@testing-library/jest-dom';

// jsdom has no scrolling; the router's ScrollToTop calls it on every navigation.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

afterEach(() => {
  window.sessionStorage.clear();
});
