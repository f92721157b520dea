import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where the reader was on each history entry, by its key; a tab's session long. */
const positions = new Map<string, number>();

/** How long a page may take to grow tall enough (its data from the cache, a lazy chunk) to scroll back. */
const RESTORE_WITHIN_MS = 2_000;

/**
 * Back and Forward return to where the reader was on that page (Home's feed after opening a card);
 * a new page opens at its top; a change of the query alone (a filter) leaves the scroll alone.
 * Positions are kept as the page scrolls, since by the time a route changes the old page is gone.
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previousPath = useRef(location.pathname);

  useEffect(() => {
    const key = location.key;
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(key, window.scrollY));
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    const samePage = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    if (navigationType !== 'POP') {
      if (!samePage) window.scrollTo(0, 0);
      return;
    }
    const target = positions.get(location.key);
    if (target === undefined) return;
    // The page may still be filling in: try each frame until it is tall enough, for a moment.
    const until = performance.now() + RESTORE_WITHIN_MS;
    let frame = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
    };
    window.addEventListener('wheel', stop, { passive: true, once: true });
    window.addEventListener('keydown', stop, { once: true });
    window.addEventListener('touchstart', stop, { passive: true, once: true });
    const attempt = () => {
      if (stopped) return;
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) > 1 && performance.now() < until) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('wheel', stop);
      window.removeEventListener('keydown', stop);
      window.removeEventListener('touchstart', stop);
    };
  }, [location.key, location.pathname, navigationType]);

  return null;
}
