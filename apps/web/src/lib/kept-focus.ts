/**
 * The control the app's focus keeper last moved the keyboard's focus to, because the one it was on
 * went away (app/shell/focus-keeper.tsx). A screen that puts its own control back in the removed
 * one's place (an undo that becomes a button again) may take the focus back from there; from a
 * control the reader chose, never.
 */
let kept: Element | null = null;

export function markKeptFocus(element: Element): void {
  kept = element;
}

/** Whether `element` holds the focus only because the keeper put it there. */
export function isKeptFocus(element: Element | null): boolean {
  return element !== null && element === kept;
}
