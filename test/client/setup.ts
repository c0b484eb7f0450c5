import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { StyleSheet } from '@emotion/sheet';
import { keepsEveryStyleRule } from './styleRules';
import { setPageLoader } from '@client/app/navigation';

// findBy*/waitFor wait up to 10 s (not 1 s): a loaded CI machine renders MUI screens slowly, and a screen that never
// shows what is awaited still fails.
configure({ asyncUtilTimeout: 10_000 });
// screens render MUI and the Data Grid in jsdom: on a busy 2-core machine one test can take several seconds
jest.setTimeout(30_000);

// jsdom loads no page: the SPA's /login (a page of its own) is loaded through app/navigation's page loader, which a
// test replaces when it looks at it
beforeEach(() => setPageLoader(() => undefined));

// jsdom has no scrolling; the router's ScrollToTop calls it on every navigation.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

afterEach(() => {
  window.sessionStorage.clear();
});

// jsdom computes a style (for the role, name and pointer-events checks of Testing Library and user-event) by matching
// every rule of every style sheet against the element and each of its ancestors, and emotion adds a rule per styled
// variant: MUI screens leave thousands. Only the rules that change what those checks see are kept in jsdom:
// display:none, visibility:hidden|collapse and pointer-events:none; every other rule never reaches the document
// (about half a screen test's time), unless the file asks for every rule (styleRules.ts).
const matters = /display:\s*none|visibility:\s*(hidden|collapse)|pointer-events:\s*none/;
const insertRule = StyleSheet.prototype.insert;
StyleSheet.prototype.insert = function insert(this: StyleSheet, rule: string) {
  if (keepsEveryStyleRule() || matters.test(rule)) insertRule.call(this, rule);
};
