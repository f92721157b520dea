import { Accordion, Button, Group, NavLink, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { Workspace } from '@quarry/shared';
import { IconFolder, IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useNavWorkspaces } from '../api/workspaces.ts';
import { type NavGroup, useWorkspaceNavStore } from '../stores/workspace-nav-store.ts';
import { CreateWorkspaceDialog } from './create-workspace-dialog.tsx';

const byName = (a: Workspace, b: Workspace) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/**
 * The workspace navigation panel (spec section 2): a name filter, "Personal" and "Shared with me"
 * sorted by name, a skeleton while loading, "No Workspaces" with a create button when empty.
 */
export function WorkspaceNavPanel({ currentUid, onNavigate }: { currentUid: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const visible = useWorkspaceNavStore((s) => s.visible);
  const expanded = useWorkspaceNavStore((s) => s.expanded);
  const setExpanded = useWorkspaceNavStore((s) => s.setExpanded);
  const [search, setSearch] = useState('');
  // Filtering a thousand entries never holds up the keystroke that asked for it.
  const needle = useDeferredValue(search.trim().toLowerCase());
  const [creating, setCreating] = useState(false);
  const { owned, shared } = useNavWorkspaces(visible);

  const filter = (list: Workspace[] | undefined) =>
    (list ?? []).filter((w) => !needle || w.name.toLowerCase().includes(needle)).sort(byName);
  const personal = filter(owned.data);
  const sharedWithMe = filter(shared.data);
  const loading = owned.isPending || shared.isPending;
  const nothingAtAll = !loading && !owned.data?.length && !shared.data?.length;

  const entry = (w: Workspace) => (
    <NavLink
      key={w.id}
      component={Link}
      to={`/workspaces/${encodeURIComponent(w.id)}`}
      onClick={onNavigate}
      active={location.pathname === `/workspaces/${w.id}`}
      label={w.name}
      leftSection={<IconFolder size={16} aria-hidden />}
      rightSection={
        w.shared_users.length > 0 ? (
          <Tooltip label={t('workspaces.sharedWith', { count: w.shared_users.length })}>
            <IconUsers size={14} aria-label={t('workspaces.sharedWith', { count: w.shared_users.length })} />
          </Tooltip>
        ) : null
      }
    />
  );

  const group = (key: NavGroup, label: string, list: Workspace[]) => (
    <Accordion.Item value={key}>
      <Accordion.Control>
        {label} ({list.length})
      </Accordion.Control>
      <Accordion.Panel>
        {list.length ? (
          <Stack gap={0} data-testid={`workspace-group-${key}`}>
            {list.map(entry)}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {needle ? t('workspaces.noMatches') : t('workspaces.groupEmpty')}
          </Text>
        )}
      </Accordion.Panel>
    </Accordion.Item>
  );

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('workspaces.filter')}
          aria-label={t('workspaces.filter')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Tooltip label={t('workspaces.new')}>
          <Button variant="light" px="xs" aria-label={t('workspaces.new')} onClick={() => setCreating(true)}>
            <IconPlus size={18} />
          </Button>
        </Tooltip>
      </Group>
      {loading ? (
        <Stack gap="xs" data-testid="workspace-nav-skeleton" aria-busy>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={28} />
          ))}
        </Stack>
      ) : owned.isError || shared.isError ? (
        <Text size="sm" c="red">
          {t('workspaces.errors.load')}
        </Text>
      ) : nothingAtAll ? (
        <Stack align="center" gap="sm" py="lg">
          <Text fw={500}>{t('workspaces.empty')}</Text>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('workspaces.createTitle')}
          </Button>
        </Stack>
      ) : (
        <Accordion
          multiple
          value={expanded}
          onChange={(value) => setExpanded(value as NavGroup[])}
          variant="filled"
          chevronPosition="left"
        >
          {group('personal', t('workspaces.personal'), personal)}
          {group('shared', t('workspaces.sharedWithMe'), sharedWithMe)}
        </Accordion>
      )}
      <CreateWorkspaceDialog opened={creating} onClose={() => setCreating(false)} currentUid={currentUid} />
    </Stack>
  );
}
