import type { UserDocument } from '@quarry/shared';
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
  originalUserData: UserDocument | null;
  viewAsUserData: UserDocument | null;
  integrationUser: string | null;
  setUser: (user: UserDocument) => void;
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

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...signedOut,
      initialised: false,
      setUser: (user) => set({ user, initialised: true, userIsManager: user.is_manager || user.is_admin }),
      reset: () => set(signedOut),
    }),
    {
      name: STORAGE_KEYS.authState,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ setUser: _s, reset: _r, ...state }) => state,
    },
  ),
);
