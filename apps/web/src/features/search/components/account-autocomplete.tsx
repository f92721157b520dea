import { Group, Loader, Paper, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SearchHit } from '@quarry/shared';
import { SEARCH_BLUR_DELAY_MS, SEARCH_DEBOUNCE_MS } from '@quarry/shared/constants';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLogo } from '../../../components/account-logo.tsx';
import { useSearchAccounts } from '../api/search-accounts.ts';

/**
 * Pick an account by name: 10 results on account names only. The list stays open 200 ms after the
 * input loses focus, so a click on a result still lands (the spec's blur hover-out delay).
 */
export function AccountAutocomplete({ label, onSelect }: { label: string; onSelect: (hit: SearchHit) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [settled] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearchAccounts(settled, 'autocomplete');
  const hits = query.trim() ? (search.data ?? []) : [];
  const loading = query.trim() !== '' && (query.trim() !== settled || search.isFetching);

  function choose(hit: SearchHit | undefined) {
    if (!hit) return;
    onSelect(hit);
    setQuery('');
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, hits.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Enter') choose(hits[active]);
    else if (event.key === 'Escape') setOpen(false);
    else return;
    event.preventDefault();
  }

  return (
    <div style={{ position: 'relative', width: 320 }}>
      <TextInput
        aria-label={label}
        placeholder={label}
        leftSection={<IconSearch size={16} />}
        rightSection={loading ? <Loader size="xs" /> : null}
        role="combobox"
        aria-expanded={open && hits.length > 0}
        aria-autocomplete="list"
        value={query}
        maxLength={200}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => {
          if (closeTimer.current) clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = setTimeout(() => setOpen(false), SEARCH_BLUR_DELAY_MS);
        }}
        onKeyDown={onKeyDown}
      />
      {open && query.trim() !== '' && !loading && (
        <Paper
          withBorder
          shadow="md"
          p={4}
          role="listbox"
          aria-label={label}
          style={{ position: 'absolute', top: '100%', left: 0, right: 0, zIndex: 20, marginTop: 4 }}
        >
          {hits.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs">
              {t('search.noResults')}
            </Text>
          ) : (
            hits.map((hit, index) => (
              <UnstyledButton
                key={hit.master_account_id}
                role="option"
                aria-selected={index === active}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(hit)}
                p={6}
                w="100%"
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: index === active ? 'var(--mantine-primary-color-light)' : undefined,
                }}
              >
                <Group gap="xs" wrap="nowrap">
                  <AccountLogo name={hit.account_name} logoUrl={hit.logo_url} size={22} />
                  <Text size="sm" truncate>
                    {hit.account_name}
                  </Text>
                </Group>
              </UnstyledButton>
            ))
          )}
        </Paper>
      )}
    </div>
  );
}
