import { create } from 'zustand';

/** Shell state that is not worth keeping across reloads. */
type UiState = {
  searchOpen: boolean;
  setSearchOpen: (open: boolean) => void;
};

export const useUiStore = create<UiState>()((set) => ({
  searchOpen: false,
  setSearchOpen: (searchOpen) => set({ searchOpen }),
}));
