import { useLayoutEffect } from 'react';

const OFFSET = '--modal-inner-y-offset';
const MAX_HEIGHT = '--modal-content-max-height';

const dialogOpen = () => document.querySelector('.mantine-Modal-content') !== null;
const snackbarsShown = () => document.querySelector('[data-snackbars]') !== null;

/** Back to Mantine's 5 % once no message shows and no dialog is open that would move under the pointer. */
function releaseWhenNoDialog(root: CSSStyleDeclaration) {
  const release = () => {
    if (snackbarsShown() || dialogOpen()) return false;
    root.removeProperty(OFFSET);
    root.removeProperty(MAX_HEIGHT);
    return true;
  };
  if (release()) return;
  const watch = new MutationObserver(() => {
    if (release() || snackbarsShown()) watch.disconnect();
  });
  watch.observe(document.body, { childList: true, subtree: true });
}

/**
 * While a snackbar shows, a dialog opens below it: Mantine's Modal takes its top offset and its
 * height from these variables (5 % of the screen otherwise), set on the document from where the
 * snackbars end, so a message at the top never covers a dialog's title or Close button. Rendered
 * inside the snackbars' bar, and again for each new message (`shown`), which may be taller. An
 * open dialog only ever moves down (a message appearing above it), never up under the pointer
 * when a message closes: the offset is given back once no dialog is open.
 */
export default function DialogsBelowSnackbars({ shown }: { shown: string }) {
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const bar = document.querySelector('[data-snackbars]');
    if (!bar || !shown) return;
    // Measured now and as the page scrolls under the sticky bar (an open dialog stops the page
    // scrolling, so the place it opened at stays right).
    const update = () => {
      const bottom = Math.ceil(bar.getBoundingClientRect().bottom) + 8;
      const current = Number.parseInt(root.getPropertyValue(OFFSET).replace(/^.*?(\d+)px.*$/, '$1'), 10);
      if (dialogOpen() && !Number.isNaN(current) && bottom < current) return;
      const offset = `max(5dvh, ${bottom}px)`;
      root.setProperty(OFFSET, `calc(${offset})`);
      root.setProperty(MAX_HEIGHT, `calc(100dvh - 2 * ${offset})`);
    };
    update();
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('scroll', update, true);
      // After React removes the bar (this runs first): checked once the DOM has settled.
      queueMicrotask(() => releaseWhenNoDialog(root));
    };
  }, [shown]);
  return null;
}
