import { Modal, Text, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { SEARCH_DIALOG_WIDTH } from '@quarry/shared/constants';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../stores/ui-store.ts';

/** The global account search, opened from the nav card or Cmd+K / Ctrl+K. */
export function SearchDialog() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.searchOpen);
  const setOpen = useUiStore((s) => s.setSearchOpen);
  const [query, setQuery] = useState('');
  useHotkeys([['mod+K', () => setOpen(true)]], []);
  return (
    <Modal opened={open} onClose={() => setOpen(false)} size={SEARCH_DIALOG_WIDTH} title={t('search.title')}>
      <TextInput
        data-autofocus
        leftSection={<IconSearch size={16} />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      <Text c="dimmed" size="sm" ta="center" py="lg">
        {t('search.begin')}
      </Text>
    </Modal>
  );
}
