import type { FormEvent } from 'react';

/**
 * A form's answer to a refused submit (Mantine's onSubmit failure handler): the keyboard goes to the
 * first field that says what is wrong, instead of staying on the button with the error out of reach.
 */
export function focusFirstInvalid(_errors: unknown, _values: unknown, event?: FormEvent<HTMLFormElement>): void {
  // Read now: React lets go of the event's target once the handler returns.
  const form = event?.currentTarget;
  if (!form) return;
  // The errors are drawn on the next render.
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
