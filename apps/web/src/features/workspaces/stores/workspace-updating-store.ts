import { UPDATING_FLAG_DELAY_MS } from '@quarry/shared/constants';
import { create } from 'zustand';

type UpdatingState = { pending: number; updating: boolean };

/**
 * The workspace updating flag (spec section 4): on while any workspace or list update runs, and
 * for UPDATING_FLAG_DELAY_MS after the last one finishes, so quick saves do not flicker.
 */
export const useWorkspaceUpdatingStore = create<UpdatingState>()(() => ({ pending: 0, updating: false }));

let settle: ReturnType<typeof setTimeout> | undefined;

export function beginUpdate(): void {
  clearTimeout(settle);
  useWorkspaceUpdatingStore.setState((s) => ({ pending: s.pending + 1, updating: true }));
}

export function endUpdate(): void {
  useWorkspaceUpdatingStore.setState((s) => ({ pending: Math.max(0, s.pending - 1) }));
  clearTimeout(settle);
  settle = setTimeout(() => {
    if (useWorkspaceUpdatingStore.getState().pending === 0) useWorkspaceUpdatingStore.setState({ updating: false });
  }, UPDATING_FLAG_DELAY_MS);
}
