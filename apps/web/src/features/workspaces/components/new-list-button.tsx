import { Button } from '@mantine/core';
import type { List } from '@quarry/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewListDialog } from './new-list-dialog.tsx';

/**
 * "New list…" as a button, for a page that picks a list and may have none yet (Add Accounts'
 * destination): the same dialog as the Add to list menu's, and the new list is handed back.
 */
export function NewListButton({ type, onCreated }: { type: 'accounts' | 'contacts'; onCreated: (list: List) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setOpened(true)}>
        {t('lists.newListItem')}
      </Button>
      <NewListDialog
        opened={opened}
        type={type}
        submitLabel={t('lists.create')}
        onClose={() => setOpened(false)}
        onCreated={async (list) => onCreated(list)}
      />
    </>
  );
}
