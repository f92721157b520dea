import { SNACKBAR_DEFAULT_MS } from '@quarry/shared/constants';
import { create } from 'zustand';

export type Snack = { id: number; message: string; duration: number };
export type RouteSnack = Snack & { route: string };

type SnackbarState = {
  general: Snack | null;
  route: RouteSnack | null;
  showGeneral: (message: string, duration?: number) => void;
  showRoute: (message: string, route: string, duration?: number) => void;
  closeGeneral: () => void;
  closeRoute: () => void;
};

let nextId = 1;

/** The shell's two top snackbars (spec section 2): a general message, and one with a "Visit" route. */
export const useSnackbarStore = create<SnackbarState>()((set) => ({
  general: null,
  route: null,
  showGeneral: (message, duration = SNACKBAR_DEFAULT_MS) => set({ general: { id: nextId++, message, duration } }),
  showRoute: (message, route, duration = SNACKBAR_DEFAULT_MS) =>
    set({ route: { id: nextId++, message, route, duration } }),
  closeGeneral: () => set({ general: null }),
  closeRoute: () => set({ route: null }),
}));

export const showSnackbar = (message: string, duration?: number) =>
  useSnackbarStore.getState().showGeneral(message, duration);
export const showRouteSnackbar = (message: string, route: string, duration?: number) =>
  useSnackbarStore.getState().showRoute(message, route, duration);
