import { Button, Combobox, Text, useCombobox } from '@mantine/core';
import type { UserSummary } from '@quarry/shared';
import { USER_MENU_MAX_HEIGHT, USER_MENU_WIDTH } from '@quarry/shared/constants';
import { IconUserPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyUsers } from '../../../lib/company-users.ts';
import { shareableUsers } from '../utils/shareable-users.ts';

/** The add-user menu (spec sections 2 and 5): a searchable list of colleagues one may share with. */
export function AddUserMenu({
  shared,
  currentUid,
  creatorUid,
  onAdd,
  disabled,
}: {
  shared: string[];
  currentUid: string;
  creatorUid: string;
  onAdd: (user: UserSummary) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const users = useCompanyUsers();
  const button = useRef<HTMLButtonElement>(null);
  // The search field inside the menu goes with it: focus comes back to the button, inside the
  // dialog, instead of falling to the page behind it.
  const refocus = () => requestAnimationFrame(() => button.current?.focus());
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const options = shareableUsers(users.data ?? [], { shared, currentUid, creatorUid, search });
  // Typing picks the first person found, so that Enter adds them, as in the app's other pickers.
  const firstUid = options[0]?.uid;
  useEffect(() => {
    if (search.trim() && firstUid) combobox.selectFirstOption();
  }, [search, firstUid, combobox]);

  return (
    <Combobox
      store={combobox}
      width={USER_MENU_WIDTH}
      position="bottom-start"
      withinPortal
      onOptionSubmit={(uid) => {
        const user = options.find((u) => u.uid === uid);
        if (user) onAdd(user);
        combobox.closeDropdown();
        refocus();
      }}
    >
      <Combobox.Target withAriaAttributes={false}>
        <Button
          ref={button}
          variant="light"
          size="xs"
          leftSection={<IconUserPlus size={14} />}
          onClick={() => combobox.toggleDropdown()}
          disabled={disabled}
        >
          {t('workspaces.addPeople')}
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder={t('workspaces.searchPeople')}
          aria-label={t('workspaces.searchPeople')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') refocus();
          }}
        />
        <Combobox.Options
          mah={USER_MENU_MAX_HEIGHT}
          style={{ overflowY: 'auto' }}
          aria-label={t('workspaces.addPeople')}
        >
          {users.isPending ? (
            <Combobox.Empty>{t('common.loading')}</Combobox.Empty>
          ) : options.length === 0 ? (
            <Combobox.Empty>
              {search.trim() ? t('workspaces.noPeopleMatch', { search: search.trim() }) : t('workspaces.noPeople')}
            </Combobox.Empty>
          ) : (
            options.map((u) => (
              <Combobox.Option value={u.uid} key={u.uid}>
                <Text size="sm">{u.display_name}</Text>
                <Text size="xs" c="dimmed">
                  {u.email}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
