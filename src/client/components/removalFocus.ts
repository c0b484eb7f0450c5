import { useEffect, useRef, type RefObject } from 'react';
import { focusIsLost, focusMainHeading, tabStopOf, tabStops } from '../app/focusTargets';

// Where the focus goes when the item of a list that had it leaves the list (R-A11Y-1, WCAG 2.4.3): a cart line deleted
// with its trash button took the focus with it onto <body>. It goes to the same control of the item now in its place
// (the next one), else of the one before it, else to `fallback` (the page's heading): the buyer goes on where they were.

export interface RemovalFocusOptions {
  /** The control to focus in the neighbour (a CSS selector matched inside the item); else its first Tab stop. */
  control?: string;
  /** Where the focus goes when the list is left empty (or gone); the page's heading unless told. */
  fallback?: () => void;
}

/**
 * Watches the items (the children) of the list `list` points at; when the one holding the focus is removed and the
 * focus fell onto <body>, moves it to a neighbour. Call it in the component that renders the list: it checks after
 * every render.
 */
export function useFocusAfterRemoval(list: RefObject<HTMLElement | null>, { control, fallback = focusMainHeading }: RemovalFocusOptions = {}) {
  // the item that had the focus last, and where it was in the list
  const held = useRef<{ item: Element; index: number } | null>(null);

  useEffect(() => {
    const track = (event: FocusEvent) => {
      const root = list.current;
      if (!root || !(event.target instanceof Node) || !root.contains(event.target)) return;
      const items = [...root.children];
      const index = items.findIndex((item) => item.contains(event.target as Node));
      if (index >= 0) held.current = { item: items[index]!, index };
    };
    document.addEventListener('focusin', track);
    return () => document.removeEventListener('focusin', track);
  }, [list]);

  useEffect(() => {
    const was = held.current;
    if (!was || was.item.isConnected) return;
    held.current = null;
    if (!focusIsLost()) return; // the focus is somewhere else already
    const items = list.current ? [...list.current.children] : [];
    const neighbour = items[was.index] ?? items[was.index - 1];
    const target = neighbour && ((control ? neighbour.querySelector(control) : null) ?? neighbour);
    const stop = target ? tabStopOf(target) ?? tabStops(neighbour)[0] : null;
    if (stop) stop.focus();
    else fallback();
  });
}
