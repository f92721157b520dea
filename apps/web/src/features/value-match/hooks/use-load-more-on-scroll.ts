import { useCallback } from 'react';

/** A ref for a sentinel at the end of a list: when it scrolls into view, `onVisible` runs. */
export function useLoadMoreOnScroll(onVisible: () => void, enabled: boolean) {
  return useCallback(
    (node: HTMLElement | null) => {
      if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) onVisible();
        },
        { rootMargin: '400px' },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [onVisible, enabled],
  );
}
