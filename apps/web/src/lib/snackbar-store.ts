import { SNACKBAR_DEFAULT_MS } from '@quarry/shared/constants';
import { create } from 'zustand';

/** A button beside the message that acts on what it reports (Undo), closing the message. */
export type SnackAction = { label: string; run: () => void };
export type Snack = { id: number; message: string; duration: number; action?: SnackAction };
export type RouteSnack = Snack & { route: string };

type SnackbarState = {
  general: Snack | null;
  route: RouteSnack | null;
  showGeneral: (message: string, duration?: number, action?: SnackAction) => void;
  showRoute: (message: string, route: string, duration?: number) => void;
  closeGeneral: () => void;
  closeRoute: () => void;
};

let nextId = 1;

/** The shell's two top snackbars (spec section 2): a general message, and one with a "Visit" route. */
export const useSnackbarStore = create<SnackbarState>()((set) => ({
  general: null,
  route: null,
  showGeneral: (message, duration = SNACKBAR_DEFAULT_MS, action) =>
    set({ general: { id: nextId++, message, duration, action } }),
  showRoute: (message, route, duration = SNACKBAR_DEFAULT_MS) =>
    set({ route: { id: nextId++, message, route, duration } }),
  closeGeneral: () => set({ general: null }),
  closeRoute: () => set({ route: null }),
}));

export const showSnackbar = (message: string, duration?: number, action?: SnackAction) =>
  useSnackbarStore.getState().showGeneral(message, duration, action);
export const showRouteSnackbar = (message: string, route: string, duration?: number) =>
  useSnackbarStore.getState().showRoute(message, route, duration);
