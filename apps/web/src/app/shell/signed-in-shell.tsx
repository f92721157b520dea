import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { UserDocument } from '@quarry/shared';
import { TOAST_DEFAULT_MS } from '@quarry/shared/constants';
import { SearchDialog } from '../../features/search/components/search-dialog.tsx';
import { useUiStore } from '../stores/ui-store.ts';
import { AppShell } from './app-shell.tsx';
import { DocumentTitle } from './document-title.tsx';
import { ScrollMemory } from './scroll-memory.tsx';

/** Everything only a signed-in user needs, loaded after sign-in. */
export function SignedInShell({ user }: { user: UserDocument }) {
  const searchOpen = useUiStore((s) => s.searchOpen);
  const setSearchOpen = useUiStore((s) => s.setSearchOpen);
  return (
    <ModalsProvider>
      <Notifications position="top-right" autoClose={TOAST_DEFAULT_MS} />
      <AppShell user={user} />
      <DocumentTitle />
      <ScrollMemory />
      <SearchDialog opened={searchOpen} onOpen={() => setSearchOpen(true)} onClose={() => setSearchOpen(false)} />
    </ModalsProvider>
  );
}
