import type { KeyboardEvent } from 'react';

/**
 * A keydown handler for an inline form: Escape does what its Cancel button does. An Escape that
 * closes an open dropdown (a select or tags input inside the form) only closes that dropdown.
 */
export function escapeToCancel(onCancel: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.getAttribute('aria-expanded') === 'true') return;
    event.preventDefault();
    onCancel();
  };
}
