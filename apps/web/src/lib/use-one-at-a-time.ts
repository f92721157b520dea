import { useCallback, useRef } from 'react';

/**
 * Runs a save only when none is under way: a double click on "Add" reaches the handler twice
 * before the button shows it is busy, and made two identical items. `start` calls `settled` once
 * its request is answered (either way), and the next save may go.
 */
export function useOneAtATime(): (start: (settled: () => void) => void) => void {
  const busy = useRef(false);
  return useCallback((start) => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  }, []);
}
