import type { MouseEvent, RefObject } from 'react';
import { focusWithoutTabStop, pageHeading } from '../app/focusAfterNavigation';
import { SKIP_LINK_CLASS } from '../app/theme';
import { MSG } from '@shared/messages';

export const SKIP_LINK_TEXT = MSG.skipToContent;

/**
 * 'Saltar al contenido' (WCAG 2.4.1): the first Tab stop of every page; it takes the focus past the top bar and the
 * menu to the page's heading (or the main region while the page has none).
 */
export function SkipLink({ target }: { target: RefObject<HTMLElement | null> }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = target.current;
    if (!main) return;
    event.preventDefault(); // no '#contenido' in the address: the router owns it
    focusWithoutTabStop(pageHeading(main) ?? main);
    main.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a href="#contenido" onClick={skip} className={SKIP_LINK_CLASS}>
      {SKIP_LINK_TEXT}
    </a>
  );
}
