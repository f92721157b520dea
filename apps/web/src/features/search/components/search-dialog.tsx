import { Group, Loader, Modal, Stack, Text, TextInput, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import type { PersonHit, SearchHit } from '@quarry/shared';
import { SEARCH_DEBOUNCE_MS, SEARCH_DIALOG_WIDTH } from '@quarry/shared/constants';
import { IconSearch, IconUser } from '@tabler/icons-react';
import { eastAsianWidth } from 'get-east-asian-width';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AccountLogo } from '../../../components/account-logo.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { displayDomain } from '../../../lib/display-domain.ts';
import { useSearchAccounts } from '../api/search-accounts.ts';
import { useSearchPeople } from '../api/search-people.ts';
import classes from './search-dialog.module.css';

type Result = { kind: 'account'; hit: SearchHit } | { kind: 'person'; hit: PersonHit };

/** Where a result leads: its account, or the account opened at the person (issue #17). */
function pathOf(result: Result): string {
  const account = `/accounts/${encodeURIComponent(result.hit.master_account_id)}`;
  return result.kind === 'account' ? account : `${account}?${new URLSearchParams({ contact: result.hit.id })}`;
}

/**
 * The global search (spec section 2), opened from the nav card or Cmd+K / Ctrl+K: accounts, and
 * under them the people of those and other accounts, found by name, title or account name. The
 * arrow keys move through both groups as one list.
 */
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
  const input = useRef<HTMLInputElement>(null);
  // What was typed between Cmd+K and the box taking the focus (the dialog opens with a short
  // transition): one typing "sysco" at once lost the "s" to the page.
  const typedEarly = useRef('');
  // Only until the box has had the focus once: later, a key on a result or on Close is theirs.
  const beforeFocus = useRef(false);
  useEffect(() => {
    if (!opened) return;
    typedEarly.current = '';
    beforeFocus.current = true;
    function onKey(event: globalThis.KeyboardEvent) {
      if (!beforeFocus.current || (input.current && document.activeElement === input.current)) return;
      if (event.key.length !== 1 || event.key === ' ' || event.ctrlKey || event.metaKey || event.altKey) return;
      // A key on a control of the dialog is that control's. The box may not be there yet (the
      // dialog's content mounts as it opens): the letter is kept all the same, for when it is.
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest('[role="dialog"]') && target.closest('button, input, textarea, select, a')) return;
      event.preventDefault();
      typedEarly.current += event.key;
      setQuery(typedEarly.current);
      setActive(0);
      input.current?.focus();
    }
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [opened]);
  const search = useSearchAccounts(settled);
  const peopleSearch = useSearchPeople(settled);
  const empty = query.trim() === '';
  // Clearing the text empties the results at once, without waiting for the debounce. People
  // show once the accounts are in, so the accounts above them never move under the reader.
  const hits = empty ? [] : (search.data ?? []);
  const people = empty || search.isFetching ? [] : (peopleSearch.data ?? []);
  const results: Result[] = [
    ...hits.map((hit) => ({ kind: 'account' as const, hit })),
    ...people.map((hit) => ({ kind: 'person' as const, hit })),
  ];
  const loading = !empty && (query.trim() !== settled || search.isFetching || peopleSearch.isFetching);
  // Results on screen may still be the previous text's: Enter then waits for this text's own.
  const stale = query.trim() !== settled || search.isFetching;
  const [enterPending, setEnterPending] = useState(false);

  function choose(index: number) {
    const result = results[index];
    if (!result) return;
    onClose();
    navigate(pathOf(result));
  }

  const firstAccount = hits[0];
  useEffect(() => {
    if (!enterPending || stale) return;
    setEnterPending(false);
    // The first account of what was typed, or nothing if it found none.
    if (firstAccount) {
      onClose();
      navigate(pathOf({ kind: 'account', hit: firstAccount }));
    }
  }, [enterPending, stale, firstAccount, onClose, navigate]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, results.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (stale) setEnterPending(true);
      else choose(active);
    }
  }

  /** One result as an option of the list; `index` counts across both groups. */
  function option(index: number, key: string, avatar: ReactNode, primary: string, secondary: ReactNode) {
    return (
      <UnstyledButton
        key={key}
        id={`search-hit-${index}`}
        role="option"
        aria-selected={index === active}
        // Only a pointer that moves picks a result: one resting where the results appear does not
        // take Enter away from the first one.
        onMouseMove={() => {
          if (index !== active) setActive(index);
        }}
        onClick={() => choose(index)}
        p={8}
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          background: index === active ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <Group gap="sm" wrap="nowrap">
          {avatar}
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {primary}
            </Text>
            {typeof secondary === 'string' ? (
              <Text size="xs" c="dimmed" truncate>
                {secondary}
              </Text>
            ) : (
              secondary
            )}
          </div>
        </Group>
      </UnstyledButton>
    );
  }

  const failure = search.error ?? peopleSearch.error;
  // Refused for going too fast, the reader is told so and when to try again (the server's words,
  // translated); anything else reads as the generic error.
  const failureText =
    failure instanceof ApiError && failure.status === 429 ? failure.message : failure ? t('errors.generic') : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={SEARCH_DIALOG_WIDTH}
      title={t('search.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <TextInput
        ref={input}
        data-autofocus
        leftSection={<IconSearch size={16} />}
        rightSection={loading ? <Loader size="xs" data-testid="search-loading" /> : null}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls="account-search-results"
        aria-activedescendant={results[active] ? `search-hit-${active}` : undefined}
        value={query}
        maxLength={200}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
        }}
        // Opened again, the last search is selected: typing replaces it, arrows keep it. What was
        // typed before the focus came is kept, the caret after it.
        onFocus={(e) => {
          beforeFocus.current = false;
          if (typedEarly.current) {
            const end = e.currentTarget.value.length;
            e.currentTarget.setSelectionRange(end, end);
            typedEarly.current = '';
          } else e.currentTarget.select();
        }}
        onKeyDown={onKeyDown}
      />
      {empty ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          {t('search.begin')}
        </Text>
      ) : results.length === 0 && !loading ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          {failureText ?? t('search.noResults')}
        </Text>
      ) : (
        <Stack gap="xs" mt="sm" id="account-search-results" role="listbox" aria-label={t('search.results')}>
          {hits.length > 0 && (
            <SearchGroup id="search-group-accounts" label={t('search.accounts')}>
              {hits.map((hit, index) =>
                option(
                  index,
                  hit.master_account_id,
                  <AccountLogo name={hit.account_name} logoUrl={hit.logo_url} />,
                  hit.account_name,
                  hit.website && displayDomain(hit.website),
                ),
              )}
            </SearchGroup>
          )}
          {people.length > 0 && (
            <SearchGroup id="search-group-people" label={t('search.people')}>
              {people.map((person, i) =>
                option(
                  hits.length + i,
                  person.id,
                  <ThemeIcon variant="light" radius="xl" size={32} aria-hidden>
                    <IconUser size={18} />
                  </ThemeIcon>,
                  `${person.first_name} ${person.last_name}`,
                  <PersonWhere title={person.title} account={person.account_name} />,
                ),
              )}
            </SearchGroup>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/**
 * "Title · Account" on one line. A long title is cut first, so that the account, which tells two
 * people of the same title apart, stays readable; when even a few words of the title would not fit
 * beside the account, the account takes a second line. The whole line is in the title attribute.
 */
function PersonWhere({ title, account }: { title: string | null; account: string }) {
  return (
    <Group gap={0} wrap="wrap" className={classes.where} title={[title, account].filter(Boolean).join(' · ')}>
      {title && (
        <Text size="xs" c="dimmed" truncate className={fitsWhole(title) ? classes.shortTitle : classes.personTitle}>
          {title}
        </Text>
      )}
      <Text size="xs" c="dimmed" truncate className={classes.personAccount}>
        {title && '\u00a0· '}
        {account}
      </Text>
    </Group>
  );
}

/** About how many em a title of small text takes: a wide character (kanji, kana) one, another about half. */
const emsOf = (text: string) =>
  Array.from(text).reduce((sum, c) => sum + (eastAsianWidth(c.codePointAt(0) ?? 0) === 2 ? 1 : 0.55), 0);

/**
 * A title shorter than the few words a long one keeps is shown whole, never shrunk: its least
 * width would otherwise exceed its own, and push the account under it ("IT Manager" / "· Walmart").
 */
const fitsWhole = (title: string) => emsOf(title) < 9;

/** A labelled group of options inside the result list. */
function SearchGroup({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Stack gap={2} role="group" aria-labelledby={id}>
      <Text id={id} size="xs" fw={700} c="dimmed" tt="uppercase" px={8}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}
