import { refocusIfLost } from './refocus-if-lost.ts';

/**
 * After a bulk action, the button it was pressed on is disabled (nothing is ticked any more) and
 * the keyboard's focus drops to the document. It goes on in `within` instead:
 * - `firstRow`, once ticked rows were removed: the first row's box left, else the "select all" box;
 * - `selectAll`, once the ticked rows were acted on and stay (added to a list, written to): the
 *   "select all" box, or the first box at all where the rows are cards; only if the focus was
 *   lost, so a person who went elsewhere meanwhile stays there.
 * Left alone while a dialog holds it.
 */
export function focusTableBox(within: HTMLElement | null, which: 'firstRow' | 'selectAll'): void {
  if (which === 'selectAll') {
    refocusIfLost(
      () =>
        within?.querySelector<HTMLInputElement>('table input[type="checkbox"]') ??
        within?.querySelector<HTMLInputElement>('input[type="checkbox"]'),
    );
    return;
  }
  setTimeout(() => {
    if (document.activeElement?.closest('[role="dialog"]')) return;
    const boxes = within?.querySelectorAll<HTMLInputElement>('table input[type="checkbox"]');
    (boxes?.[1] ?? boxes?.[0])?.focus();
  }, 0);
}
