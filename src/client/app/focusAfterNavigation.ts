// Where the keyboard focus goes when the route changes (R-A11Y-1, WCAG 2.4.3): to the new page's main heading, which a
// screen reader then reads, so focus is never left on <body> (login, 'Ver todo', 'Continuar la compra', a purchase)
// nor on a link of the menu that no longer says where the user is. A screen that puts the focus somewhere itself (a
// field with autoFocus) keeps it.

/** The element that names the page: the first h1 of the main region. */
export const pageHeading = (main: HTMLElement) => main.querySelector<HTMLElement>('h1');

/** Focuses `target` without scrolling, making it focusable by script only (not a Tab stop). */
export function focusWithoutTabStop(target: HTMLElement) {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * Whether the focus is where nobody would look for it: on <body>, on nothing, on what started the navigation, or (while
 * the user did nothing since) outside the page's main region (a dialog's opener in the top bar got it back).
 */
const focusIsLost = (main: HTMLElement, before: Element | null, userActed: boolean) => {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected || active === before) return true;
  return !userActed && !main.contains(active);
};

/**
 * After a navigation: waits (up to `timeoutMs`) for the new page's heading, then focuses it unless the screen or the
 * user placed the focus elsewhere meanwhile (a field with autoFocus; a click in the search box while the page loads).
 * `before` is what had the focus when the route changed. Answers a function that stops waiting.
 */
export function focusPageHeading(main: HTMLElement, before: Element | null, timeoutMs = 10_000): () => void {
  let done = false;
  let userActed = false;
  const acted = () => {
    userActed = true;
  };
  const tryFocus = () => {
    if (done) return true;
    const heading = pageHeading(main);
    if (!heading) return false;
    done = true;
    if (focusIsLost(main, before, userActed)) focusWithoutTabStop(heading);
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('pointerdown', acted, true);
    document.removeEventListener('keydown', acted, true);
  };
  document.addEventListener('pointerdown', acted, true);
  document.addEventListener('keydown', acted, true);
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}
