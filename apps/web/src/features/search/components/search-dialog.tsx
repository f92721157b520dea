import { Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS, SEARCH_DIALOG_WIDTH } from '@quarry/shared/constants';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AccountLogo } from '../../../components/account-logo.tsx';
import { useSearchAccounts } from '../api/search-accounts.ts';

/** The global account search (spec section 2), opened from the nav card or Cmd+K / Ctrl+K. */
export function SearchDialog({
  opened,
  onOpen,
  onClose,
}: {
  opened: boolean;
  onOpen: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [settled] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  useHotkeys([['mod+K', onOpen]], []);
  const search = useSearchAccounts(settled);
  const empty = query.trim() === '';
  // Clearing the text empties the results at once, without waiting for the debounce.
  const hits = empty ? [] : (search.data ?? []);
  const loading = !empty && (query.trim() !== settled || search.isFetching);

  function choose(index: number) {
    const hit = hits[index];
    if (!hit) return;
    onClose();
    navigate(`/accounts/${encodeURIComponent(hit.master_account_id)}`);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, hits.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(active);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={SEARCH_DIALOG_WIDTH}
      title={t('search.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <TextInput
        data-autofocus
        leftSection={<IconSearch size={16} />}
        rightSection={loading ? <Loader size="xs" data-testid="search-loading" /> : null}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls="account-search-results"
        aria-activedescendant={hits[active] ? `search-hit-${active}` : undefined}
        value={query}
        maxLength={200}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      {empty ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          {t('search.begin')}
        </Text>
      ) : hits.length === 0 && !loading ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          {search.isError ? t('errors.generic') : t('search.noResults')}
        </Text>
      ) : (
        <Stack gap={2} mt="sm" id="account-search-results" role="listbox" aria-label={t('search.results')}>
          {hits.map((hit, index) => (
            <UnstyledButton
              key={hit.master_account_id}
              id={`search-hit-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(index)}
              p={8}
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                background: index === active ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              <Group gap="sm" wrap="nowrap">
                <AccountLogo name={hit.account_name} logoUrl={hit.logo_url} />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {hit.account_name}
                  </Text>
                  {hit.website && (
                    <Text size="xs" c="dimmed" truncate>
                      {hit.website}
                    </Text>
                  )}
                </div>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
