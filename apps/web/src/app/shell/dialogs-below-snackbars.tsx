import { useLayoutEffect } from 'react';

const OFFSET = '--modal-inner-y-offset';
const MAX_HEIGHT = '--modal-content-max-height';

/**
 * While a snackbar shows, a dialog opens below it: Mantine's Modal takes its top offset and its
 * height from these variables (5 % of the screen otherwise), set on the document from where the
 * snackbars end, so a message at the top never covers a dialog's title or Close button. Rendered
 * inside the snackbars' bar, and again for each new message (`shown`), which may be taller.
 */
export default function DialogsBelowSnackbars({ shown }: { shown: string }) {
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const bar = document.querySelector('[data-snackbars]');
    if (!bar || !shown) return;
    // Measured now and as the page scrolls under the sticky bar (an open dialog stops the page
    // scrolling, so the place it opened at stays right).
    const update = () => {
      const offset = `max(5dvh, ${Math.ceil(bar.getBoundingClientRect().bottom) + 8}px)`;
      root.setProperty(OFFSET, `calc(${offset})`);
      root.setProperty(MAX_HEIGHT, `calc(100dvh - 2 * ${offset})`);
    };
    update();
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('scroll', update, true);
      root.removeProperty(OFFSET);
      root.removeProperty(MAX_HEIGHT);
    };
  }, [shown]);
  return null;
}
