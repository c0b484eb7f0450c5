import { useEffect, useRef } from 'react';
import { focusMainHeading } from '../app/focusTargets';
import { lastFocusedOutsideOverlays } from '../app/focusTracker';

// Gives the focus back to what opened a dialog when it closes (WCAG 2.4.3), also when that control was disabled while
// the dialog was open (a Delete button waits while its saga asks for confirmation, so it had lost the focus before the
// dialog even opened, and MUI's own restore found <body>). When the opener is gone (the row was deleted, the page
// changed), the focus goes to the page's heading at once: never to <body>, not even for a while.

const usable = (el: Element | null): el is HTMLElement =>
  el instanceof HTMLElement && el.isConnected && !el.matches(':disabled') && el.getAttribute('aria-disabled') !== 'true';

/**
 * The opener itself, or the control that replaced it when its list re-rendered (a grid draws its cells anew when its
 * columns change): the same kind of element with the same accessible name.
 */
function current(opener: Element | null): Element | null {
  if (!opener || opener.isConnected) return opener;
  const label = opener.getAttribute('aria-label');
  if (!label) return null;
  return [...document.querySelectorAll(opener.tagName)].find((el) => el.getAttribute('aria-label') === label) ?? null;
}

/**
 * Focuses `opener` once it is usable again (up to `waitMs` while it is disabled), else the page's heading: at once when
 * the opener left the page and nothing replaced it (waiting would leave the focus on <body> meanwhile).
 */
export function restoreFocus(opener: Element | null, waitMs = 1500): () => void {
  const until = Date.now() + waitMs;
  let frame = 0;
  const step = () => {
    const active = document.activeElement;
    // someone else placed the focus meanwhile (a new page's heading, a field): leave it there
    if (active && active !== document.body && !active.closest('[role="dialog"]') && active !== opener) return;
    const target = current(opener);
    if (usable(target)) {
      target.focus();
      return;
    }
    if (target && Date.now() < until) {
      frame = requestAnimationFrame(step);
      return;
    }
    focusMainHeading();
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}

/**
 * For a dialog shown while `open`: remembers what opened it and gives it the focus back once it closes. Pair it with
 * the dialog's `disableRestoreFocus`.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) {
      wasOpen.current = true;
      opener.current = lastFocusedOutsideOverlays();
      return undefined;
    }
    if (!open && wasOpen.current) {
      wasOpen.current = false;
      return restoreFocus(opener.current);
    }
    return undefined;
  }, [open]);
}
