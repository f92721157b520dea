import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** What a keyboard can reach: the candidates for the focus once its element is gone. */
const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * A dialog hands the focus back to the control that opened it 10 ms after closing (Mantine's
 * useFocusReturn): the focus is only taken in hand after that, when nothing else has.
 */
const AFTER_DIALOGS_MS = 30;

/** Where the focused element sat, level by level, so its place is known once it is gone. */
interface Place {
  parent: Element;
  prev: Element | null;
  next: Element | null;
}

const mainContent = () => document.getElementById('main-content');

const follows = (anchor: Element, element: Element) =>
  (anchor.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

function tabbables(within: Element): HTMLElement[] {
  return [...within.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.getClientRects().length > 0);
}

/** The element the keyboard goes on to where `places` was: the next one after it, else the one before. */
function successor(places: readonly Place[]): HTMLElement | null {
  for (const { parent, prev, next } of places) {
    if (!parent.isConnected) continue;
    const inside = tabbables(parent);
    if (inside.length === 0) continue;
    if (next?.isConnected) {
      const after = inside.find((el) => el === next || follows(next, el));
      if (after) return after;
    }
    if (prev?.isConnected) {
      const after = inside.find((el) => follows(prev, el) && !prev.contains(el));
      if (after) return after;
      return inside.filter((el) => !follows(prev, el) || prev.contains(el)).at(-1) ?? null;
    }
  }
  return null;
}

/**
 * Keeps the keyboard's place when what it was on goes away (issue #2's keyboard users):
 * - a control removed (a deleted trigger, a list's removed row, a closed dialog whose opener went)
 *   hands the focus to the control after it, else before it, else to the page's content;
 * - a control disabled while it works (a button's spinner, a switch saving) gets it back when done;
 * - a new page takes the focus from the navigation, which had stayed open over the page.
 * Before, the focus fell to the document: no ring anywhere, and Tab started again at the top.
 */
export function FocusKeeper() {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = pathname;
    const active = document.activeElement;
    const nav = document.querySelector('[data-nav-card]');
    if (!active || active === document.body || nav?.contains(active)) mainContent()?.focus({ preventScroll: true });
  }, [pathname]);

  useEffect(() => {
    let focused: HTMLElement | null = null;
    let places: Place[] = [];
    let timer = 0;

    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement)) return;
      focused = event.target;
      places = [];
      for (let node: Element = event.target; node.parentElement && node !== document.body; node = node.parentElement)
        places.push({ parent: node.parentElement, prev: node.previousElementSibling, next: node.nextElementSibling });
    };
    // Focus let go on purpose (a click on the page's background) is not taken back.
    const onFocusOut = (event: FocusEvent) => {
      const left = event.target;
      if (event.relatedTarget || !(left instanceof HTMLElement)) return;
      window.setTimeout(() => {
        if (left === focused && left.isConnected && !left.matches(':disabled')) focused = null;
      });
    };
    const rescue = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const lost = focused;
        if (!lost || (document.activeElement && document.activeElement !== document.body)) return;
        if (!document.hasFocus()) return;
        if (lost.isConnected) {
          // Still there: back on it once it works again.
          if (!lost.matches(':disabled')) lost.focus({ preventScroll: true });
          return;
        }
        focused = null;
        // Beside where the reader was: the page does not move.
        (successor(places) ?? mainContent())?.focus({ preventScroll: true });
      }, AFTER_DIALOGS_MS);
    };
    const observer = new MutationObserver(() => {
      if (focused && (document.activeElement === document.body || !document.activeElement)) rescue();
    });
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      window.clearTimeout(timer);
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  return null;
}
