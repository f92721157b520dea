/**
 * After ticked rows are removed, the action that removed them is disabled (nothing is ticked) and
 * the keyboard's focus drops to the document: it goes on to the first row's box left in `within`'s
 * table, else to its "select all" box, not to the top of the page. Left alone while a dialog holds it.
 */
export function focusRowsLeft(within: HTMLElement | null): void {
  setTimeout(() => {
    const boxes = within?.querySelectorAll<HTMLInputElement>('table input[type="checkbox"]');
    const next = boxes?.[1] ?? boxes?.[0];
    if (next && !document.activeElement?.closest('[role="dialog"]')) next.focus();
  }, 0);
}
