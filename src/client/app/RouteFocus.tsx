import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { focusPageHeading } from './focusAfterNavigation';
import { trackFocus } from './focusTracker';
import { useAppDispatch, useAppSelector } from './hooks';
import { forgotten, selectKept } from './persistence';
import { SESSION_KEYS } from './sessionKeys';

/**
 * On every change of page (not on the first load, where the browser starts at the top and a screen reader reads the
 * page, unless that load continues an action: the login page leading to home), the focus goes to the new page's main
 * heading (app/focusAfterNavigation). Also starts the focus tracker that
 * dialogs use to give the focus back to what opened them (components/returnFocus).
 */
export function RouteFocus({ main }: { main: RefObject<HTMLElement | null> }) {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const marked = useAppSelector(selectKept(SESSION_KEYS.continuesAction));
  // the first load continues an action on another page (the login page's 'Acceder'): the mark is read once
  const [continuesAction] = useState(() => marked !== null);
  useEffect(() => {
    if (continuesAction) dispatch(forgotten([SESSION_KEYS.continuesAction]));
  }, [continuesAction, dispatch]);
  const shown = useRef<string | null>(null);
  // what had the focus when the page changed, read while rendering the new page (before it can focus anything itself)
  const [page, setPage] = useState<{ pathname: string; before: Element | null }>({ pathname, before: null });
  if (page.pathname !== pathname) setPage({ pathname, before: document.activeElement });

  useEffect(() => trackFocus(), []);

  useEffect(() => {
    const first = shown.current === null;
    shown.current = pathname;
    const region = main.current;
    if ((first && !continuesAction) || !region) return undefined;
    return focusPageHeading(region, page.before);
  }, [pathname, main, page, continuesAction]);

  return null;
}
