import { useEffect } from 'react';

/** The keys that open a Mantine menu from its button (a pointer's click aside). */
const OPENING_KEYS = new Set(['Enter', ' ']);

/** How long a menu may take to open and take the focus after its key: its transition and a tick. */
const OPENING_MS = 600;

/**
 * A menu opened from the keyboard starts on its first item, as a menu button does everywhere
 * (WAI-ARIA's menu button pattern). Mantine's Menu puts the focus on the menu itself, where no
 * item shows it and a screen reader names nothing until an arrow is pressed. A menu opened by
 * pointer is left as it opens.
 */
export function useMenuKeys() {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const trigger = event.target instanceof Element ? event.target.closest('[aria-haspopup="menu"]') : null;
      if (!OPENING_KEYS.has(event.key) || !trigger || trigger.getAttribute('aria-expanded') === 'true') return;
      const until = Date.now() + OPENING_MS;
      const settle = () => {
        const id = trigger.getAttribute('aria-controls');
        const menu = id ? document.getElementById(id) : null;
        const items = menu
          ? [...menu.querySelectorAll<HTMLElement>('[data-menu-item]:not(:disabled):not([data-disabled])')]
          : [];
        const active = document.activeElement;
        // Only from where Mantine leaves it (the menu, or its focus placeholder): an item the person
        // has already moved to with an arrow stays.
        if (menu && items.length > 0 && active && menu.contains(active) && !items.includes(active as HTMLElement)) {
          items[0]?.focus();
          return;
        }
        if (Date.now() < until) setTimeout(settle, 20);
      };
      setTimeout(settle, 0);
    }
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
