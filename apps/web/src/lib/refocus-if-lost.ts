/**
 * Once an action has redrawn the page (a save, a bulk action), gives the keyboard `target` if its
 * focus was lost: on the page itself, or on a button the action disabled or took away. A person
 * who went elsewhere meanwhile stays there. `target` is asked after the redraw, where it may be new.
 */
export function refocusIfLost(target: () => HTMLElement | null | undefined): void {
  setTimeout(() => {
    const active = document.activeElement as HTMLElement | null;
    const lost =
      !active || active === document.body || !active.isConnected || (active as HTMLButtonElement).disabled === true;
    if (lost) target()?.focus({ preventScroll: true });
  }, 0);
}
