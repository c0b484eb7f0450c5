import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** R-NAV-2: the scroll position resets to the top on every navigation. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
