import { useEffect, useRef, useState } from 'react';

/** How many frames a sub-menu may take to show its choices after its key. */
const SHOWING_FRAMES = 30;

/** Focuses the sub-menu's current choice (or its first) once it shows. */
function focusChoice(name: string, frame = 0): void {
  const menu = document.querySelector(`[data-sub-menu="${name}"]`);
  const choice =
    menu?.querySelector<HTMLElement>('[aria-checked="true"]') ?? menu?.querySelector<HTMLElement>('[data-menu-item]');
  if (choice) choice.focus();
  else if (frame < SHOWING_FRAMES) requestAnimationFrame(() => focusChoice(name, frame + 1));
}

/**
 * The keys of a menu's sub-menus, as WAI-ARIA's menu pattern has them: Enter, Space or → on the
 * item opens its sub-menu on the current choice; Escape or ← in the sub-menu closes it alone and
 * goes back to its item. Mantine's opened one on → only, on its first item, and Escape closed the
 * whole menu (← left the focus on the menu's button, where Escape did nothing).
 *
 * `props(name)` gives the Menu.Sub its opened state, the Menu.Sub.Item its ref (its keys are read
 * from there), and the Menu.Sub.Dropdown its mark.
 */
export function useSubMenuKeys<Name extends string>() {
  const [open, setOpen] = useState<Name | null>(null);
  const items = useRef(new Map<Name, HTMLElement>());

  useEffect(() => {
    // Read before the menus' own handlers, on the key's way down: Mantine's → focused the first
    // choice after ours (on a slow machine), and the menu's Escape closed it all.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const active = document.activeElement;
      if (!(active instanceof HTMLElement)) return;
      const opening = [...items.current].find(([, item]) => item === active)?.[0];
      if (opening !== undefined && (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowRight')) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(opening);
        focusChoice(opening);
        return;
      }
      if (open === null || (event.key !== 'Escape' && event.key !== 'ArrowLeft')) return;
      if (!active.closest('[data-sub-menu]')) return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(null);
      items.current.get(open)?.focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [open]);

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
    },
    dropdown: { 'data-sub-menu': name },
  });
}
