import { create } from 'zustand';

/** Shell state that is not worth keeping across reloads. */
type UiState = {
  workspaceDrawerOpen: boolean;
  searchOpen: boolean;
  setWorkspaceDrawerOpen: (open: boolean) => void;
  setSearchOpen: (open: boolean) => void;
};

export const useUiStore = create<UiState>()((set) => ({
  workspaceDrawerOpen: false,
  searchOpen: false,
  setWorkspaceDrawerOpen: (workspaceDrawerOpen) => set({ workspaceDrawerOpen }),
  setSearchOpen: (searchOpen) => set({ searchOpen }),
}));
