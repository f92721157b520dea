import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/** How many frames a sub-menu may take to show its choices after its key. */
const SHOWING_FRAMES = 30;

/**
 * The keys of a menu's sub-menus, as WAI-ARIA's menu pattern has them: Enter, Space or → on the
 * item opens its sub-menu on the current choice; Escape or ← in the sub-menu closes it alone and
 * goes back to its item. Mantine's opened one on → only, on its first item, and Escape closed the
 * whole menu (← left the focus on the menu's button, where Escape did nothing).
 *
 * `props(name)` gives the Menu.Sub its opened state, the Menu.Sub.Item its keys, and the
 * Menu.Sub.Dropdown its mark.
 */
export function useSubMenuKeys<Name extends string>() {
  const [open, setOpen] = useState<Name | null>(null);
  const items = useRef(new Map<Name, HTMLElement>());

  useEffect(() => {
    if (open === null) return;
    // Before the menus' own handlers: the menu's Escape, read on its way down, closes it all.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' && event.key !== 'ArrowLeft') return;
      const active = document.activeElement;
      if (!(active instanceof Element) || !active.closest('[data-sub-menu]')) return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(null);
      items.current.get(open)?.focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [open]);

  /** Focuses the sub-menu's current choice (or its first) once it shows. */
  const focusChoice = (name: Name, frame = 0) => {
    const menu = document.querySelector(`[data-sub-menu="${name}"]`);
    const choice =
      menu?.querySelector<HTMLElement>('[aria-checked="true"]') ?? menu?.querySelector<HTMLElement>('[data-menu-item]');
    if (choice) choice.focus();
    else if (frame < SHOWING_FRAMES) requestAnimationFrame(() => focusChoice(name, frame + 1));
  };

  return (name: Name) => ({
    sub: {
      opened: open === name,
      onChange: (opened: boolean) => setOpen((now) => (opened ? name : now === name ? null : now)),
    },
    item: {
      ref: (el: HTMLElement | null) => {
        if (el) items.current.set(name, el);
        else items.current.delete(name);
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowRight') return;
        event.preventDefault();
        setOpen(name);
        // After Mantine's own → (which focuses the first choice): the current one.
        requestAnimationFrame(() => focusChoice(name));
      },
    },
    dropdown: { 'data-sub-menu': name },
  });
}
