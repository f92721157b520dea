/**
 * After an edit of a saved preference ends (Cancel, Escape, Save), the keyboard goes back to that
 * card's Edit: it had landed on the form's first field or the first card, far from where it was.
 * Asked after the page has drawn the form closed.
 */
export function focusCardEdit(itemId: string): void {
  setTimeout(() => {
    const card = document.querySelector(`[data-item-id="${CSS.escape(itemId)}"]`);
    card?.querySelector<HTMLButtonElement>('[data-testid="card-actions"] button')?.focus();
  }, 0);
}
