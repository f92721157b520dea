import { useCallback, useRef } from 'react';

/**
 * For an inline form that a button far down the page fills (Edit on a card): `reveal()` scrolls
 * the form into view and moves focus to its first field, so the change is seen and Escape reaches
 * the form. Attach `formRef` to the form and `firstFieldRef` to its first input.
 */
export function useFormReveal<
  Form extends HTMLElement = HTMLDivElement,
  Field extends HTMLElement = HTMLInputElement,
>() {
  const formRef = useRef<Form>(null);
  const firstFieldRef = useRef<Field>(null);
  const reveal = useCallback(() => {
    // After React has drawn the filled (or newly opened) form.
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      firstFieldRef.current?.focus({ preventScroll: true });
    });
  }, []);
  return { formRef, firstFieldRef, reveal };
}
