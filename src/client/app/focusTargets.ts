import { focusWithoutTabStop, pageHeading } from './focusAfterNavigation';

// What a script may move the keyboard focus to when the control that had it goes away or a part of the page appears
// (R-A11Y-1, WCAG 2.4.3): the Tab stops inside a part of the page, and the page's heading as the last resort. Shared by
// the helpers that keep the focus off <body> (components/returnFocus, removalFocus, revealFocus, focusFirstError).

const CANDIDATES = 'a[href], button, input, select, textarea, [tabindex]';

/** Whether `el` is a Tab stop now: not disabled, not hidden from everyone, not taken out of the Tab order. */
export function isTabStop(el: Element): el is HTMLElement {
  if (!(el instanceof HTMLElement) || !el.isConnected) return false;
  if (el.matches(':disabled') || el.tabIndex < 0 || (el instanceof HTMLInputElement && el.type === 'hidden')) return false;
  return !el.closest('[aria-hidden="true"], [hidden], [inert]');
}

/**
 * The Tab stops inside `root`, in document order. Of a radio group only the radio Tab reaches counts: the checked one,
 * else the first (the arrows move among the others).
 */
export function tabStops(root: Element): HTMLElement[] {
  const all = [...root.querySelectorAll(CANDIDATES)].filter(isTabStop);
  return all.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
    const group = all.filter((other): other is HTMLInputElement => other instanceof HTMLInputElement && other.type === 'radio' && other.name === el.name);
    return el === (group.find((radio) => radio.checked) ?? group[0]);
  });
}

/** `el` when it is a Tab stop, else the first Tab stop inside it. */
export const tabStopOf = (el: Element): HTMLElement | null => (isTabStop(el) ? el : (tabStops(el)[0] ?? null));

/** Nothing a person would see has the focus: <body>, nothing, or an element that left the page. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Focuses the page's heading (or its main region while it has none), by script only: not a Tab stop. */
export function focusMainHeading(): void {
  const main = document.querySelector<HTMLElement>('main');
  if (main) focusWithoutTabStop(pageHeading(main) ?? main);
}
