import type { Impersonation, UserDocument, UserSummary } from '@quarry/shared';
import { STORAGE_KEYS } from '@quarry/shared/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The non-secret part of the auth state (spec section 3), kept in localStorage so the shell can
 * paint at once. Tokens and the session never live here: the session is an httpOnly cookie.
 */
export type AuthState = {
  initialised: boolean;
  user: UserDocument | null;
  impersonationActive: boolean;
  userIsManager: boolean;
  /** The support account's own document while it impersonates, restored on Stop. */
  originalUserData: UserDocument | null;
  /** The colleague whose personalised screens are previewed (view-as), locally and read-only. */
  viewAsUserData: UserSummary | null;
  integrationUser: string | null;
  /**
   * The signed-in user as the server answers; an impersonation the server reports (or no longer
   * reports, e.g. after its 60 minutes) sets the flag. Left out, the flag stays as it is.
   */
  setUser: (user: UserDocument, impersonation?: Impersonation | null) => void;
  /** Saves the original user data and becomes the target (spec section 4). */
  beginImpersonation: (target: UserDocument) => void;
  /** Restores the original user data. */
  endImpersonation: () => void;
  setViewAs: (colleague: UserSummary | null) => void;
  clearIntegrationUser: () => void;
  reset: () => void;
};

const signedOut = {
  initialised: true,
  user: null,
  impersonationActive: false,
  userIsManager: false,
  originalUserData: null,
  viewAsUserData: null,
  integrationUser: null,
};

const roles = (user: UserDocument) => ({ userIsManager: user.is_manager || user.is_admin });

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...signedOut,
      initialised: false,
      setUser: (user, impersonation) =>
        set((state) => {
          const next = { user, initialised: true, ...roles(user) };
          if (impersonation === undefined) return next;
          if (impersonation) return { ...next, impersonationActive: true };
          // The server no longer impersonates (stopped elsewhere, or its time ran out).
          return state.impersonationActive ? { ...next, impersonationActive: false, originalUserData: null } : next;
        }),
      beginImpersonation: (target) =>
        set((state) => ({
          originalUserData: state.impersonationActive ? state.originalUserData : state.user,
          user: target,
          ...roles(target),
          impersonationActive: true,
          viewAsUserData: null,
          integrationUser: null,
        })),
      endImpersonation: () =>
        set((state) => ({
          user: state.originalUserData ?? state.user,
          ...(state.originalUserData ? roles(state.originalUserData) : {}),
          originalUserData: null,
          impersonationActive: false,
          viewAsUserData: null,
          integrationUser: null,
        })),
      setViewAs: (colleague) => set({ viewAsUserData: colleague }),
      clearIntegrationUser: () => set({ integrationUser: null }),
      reset: () => set(signedOut),
    }),
    {
      name: STORAGE_KEYS.authState,
      storage: createJSONStorage(() => localStorage),
      partialize: ({
        setUser: _s,
        beginImpersonation: _b,
        endImpersonation: _e,
        setViewAs: _v,
        clearIntegrationUser: _c,
        reset: _r,
        ...state
      }) => state,
    },
  ),
);
