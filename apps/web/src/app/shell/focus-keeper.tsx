import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { markKeptFocus } from '../../lib/kept-focus.ts';

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
    // Never the whole page: beside an overlay's portal at its end, "before" is the page's last control.
    if (!parent.isConnected || parent === document.body) continue;
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

/** Where an element sits, level by level up to the page. */
function placesOf(element: Element): Place[] {
  const places: Place[] = [];
  for (let node: Element = element; node.parentElement && node !== document.body; node = node.parentElement)
    places.push({ parent: node.parentElement, prev: node.previousElementSibling, next: node.nextElementSibling });
  return places;
}

/** Focus without the page jumping, then into view only as far as needed (a ring cut at the window's edge). */
function focusInPlace(element: HTMLElement): boolean {
  if (!mayFocus(element)) return false;
  element.focus({ preventScroll: true });
  markKeptFocus(element);
  element.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  return true;
}

/** Whether an element is in an overlay (a menu, a dialog, a popover): Mantine draws those in a portal. */
const inOverlay = (element: Element) => element.closest('[data-portal]') !== null;

/** The dialog or drawer on top, if one is open: it keeps the focus itself (its own trap). */
function openDialog(): Element | null {
  return (
    [...document.querySelectorAll('[role="dialog"]')].filter((el) => el.getClientRects().length > 0).at(-1) ?? null
  );
}

/** Whether the keeper may move the focus to `element`: never out of an open dialog or drawer. */
const mayFocus = (element: Element) => {
  const dialog = openDialog();
  return !dialog || dialog.contains(element);
};

/** How long a control may stay disabled (saving) before the keyboard goes on to its neighbour. */
const DISABLED_WAIT_MS = 1_500;

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
    const main = mainContent();
    if (main && mayFocus(main) && (!active || active === document.body || nav?.contains(active)))
      main.focus({ preventScroll: true });
  }, [pathname]);

  useEffect(() => {
    /** What had the focus, and where it sat. */
    let focused: { element: HTMLElement; places: Place[] } | null = null;
    /** The last control on the page itself (not in an overlay): where an overlay's focus goes back. */
    let onPage: { element: HTMLElement; places: Place[] } | null = null;
    let timer = 0;
    let disabledSince = 0;

    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement)) return;
      focused = { element: event.target, places: placesOf(event.target) };
      disabledSince = 0;
      if (!inOverlay(event.target)) onPage = focused;
    };
    // Focus let go on purpose (a click on the page's background) is not taken back.
    const onFocusOut = (event: FocusEvent) => {
      const left = event.target;
      if (event.relatedTarget || !(left instanceof HTMLElement)) return;
      window.setTimeout(() => {
        if (left !== focused?.element || !left.isConnected || left.matches(':disabled') || inOverlay(left)) return;
        focused = null;
      });
    };
    /** Where the keyboard goes now that `lost` is gone; null: wait for the control to be free. */
    const landing = (lost: { element: HTMLElement; places: Place[] }): HTMLElement | null => {
      // A menu item or a dialog's button: back to the control that opened it, as a dialog does.
      if (lost.places.some((place) => place.parent.hasAttribute('data-portal'))) {
        const back = onPage;
        if (!back || back === lost) return mainContent();
        if (back.element.isConnected && !back.element.matches(':disabled')) return back.element;
        if (back.element.isConnected) {
          // Busy with what was chosen (Assign saving): back on it once done.
          focused = back;
          return null;
        }
        return successor(back.places) ?? mainContent();
      }
      return successor(lost.places) ?? mainContent();
    };
    const rescue = (delay = AFTER_DIALOGS_MS) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const lost = focused;
        if (!lost || (document.activeElement && document.activeElement !== document.body)) return;
        if (!document.hasFocus()) return;
        if (lost.element.isConnected) {
          if (!lost.element.matches(':disabled')) {
            focusInPlace(lost.element);
            return;
          }
          // Disabled while it saves: back on it once it works again; still disabled after a while
          // (nothing left for it to do), on to its neighbour, within its dialog if it is in one.
          disabledSince ||= performance.now();
          if (performance.now() - disabledSince < DISABLED_WAIT_MS) return rescue(DISABLED_WAIT_MS);
          const next = successor(lost.places);
          if (next) {
            // A dialog still open over it keeps the focus: tried again when the page changes.
            if (focusInPlace(next)) focused = null;
          }
          return;
        }
        const target = landing(lost);
        if (!target) return rescue(DISABLED_WAIT_MS);
        if (focusInPlace(target)) focused = null;
      }, delay);
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
