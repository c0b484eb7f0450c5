import { useEffect, useRef, type RefObject } from 'react';
import { focusIsLost, isTabStop, tabStops } from '../app/focusTargets';

// A button that reveals a part of the page and then disables itself ('ir a Pagar' shows the payment methods) drops the
// focus onto <body> (R-A11Y-1, WCAG 2.4.3). The focus goes into what it revealed (its first Tab stop: a radio group's
// checked radio), which is scrolled into view, and once that part is hidden again ('Volver') back to the button.

/**
 * While `shown`, the part `panel` points at is on the page; `opener` is the button that shows it. Only changes of
 * `shown` move the focus, never the first render.
 */
export function useRevealFocus(shown: boolean, panel: RefObject<HTMLElement | null>, opener: RefObject<HTMLElement | null>) {
  const was = useRef(shown);
  useEffect(() => {
    if (was.current === shown) return;
    was.current = shown;
    if (shown) {
      const shownPart = panel.current;
      const first = shownPart ? tabStops(shownPart)[0] : undefined;
      if (!shownPart || !first) return;
      first.focus({ preventScroll: true });
      // all of it in view (on a phone 'Pagar' would be below the screen's edge), as far as it fits
      shownPart.scrollIntoView?.({ block: 'nearest' });
      return;
    }
    const back = opener.current;
    // hidden by its own button (the focus went with it) or otherwise while the focus was nowhere
    if (back && isTabStop(back) && focusIsLost()) back.focus();
  }, [shown, panel, opener]);
}
