import { useEffect } from 'react';

const APP = 'Quarry';

/** The page's own heading, as the reader sees it: its name, in the reader's language. */
function pageHeading(main: HTMLElement): string {
  const heading = main.querySelector('h1');
  return heading?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/**
 * The browser tab and history name each page (WCAG 2.4.2): "Walmart · Quarry", "My Accounts ·
 * Quarry". Taken from the page's h1 as it renders, so a page says its own name, an account or a
 * list says the name the server gave, and a change of language follows without a word list here.
 * While a page has no heading yet (loading), the tab says "Quarry".
 */
export function DocumentTitle() {
  useEffect(() => {
    const main = document.querySelector<HTMLElement>('main');
    if (!main) return;
    let last = '';
    const update = () => {
      const heading = pageHeading(main);
      if (heading === last) return;
      last = heading;
      document.title = heading ? `${heading} · ${APP}` : APP;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = APP;
    };
  }, []);
  return null;
}
