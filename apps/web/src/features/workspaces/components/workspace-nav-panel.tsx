import { Accordion, Button, Group, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Workspace } from '@quarry/shared';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { compareNames } from '../../../lib/compare-names.ts';
import { useNavWorkspaces } from '../api/workspaces.ts';
import { type NavGroup, useWorkspaceNavStore } from '../stores/workspace-nav-store.ts';
import { CreateWorkspaceDialog } from './create-workspace-dialog.tsx';
import classes from './workspace-nav-panel.module.css';

/** Entries drawn per group; past that the user narrows by typing, so typing stays instant. */
const GROUP_RENDER_CAP = 50;

const byName = (a: Workspace, b: Workspace) => compareNames(a.name, b.name) || (a.id < b.id ? -1 : 1);
const sorted = (list: Workspace[] | undefined) => [...(list ?? [])].sort(byName);
const matching = (list: Workspace[], needle: string) =>
  needle ? list.filter((w) => w.name.toLowerCase().includes(needle)) : list;

/**
 * The workspace navigation panel (spec section 2): a name filter, "Personal" and "Shared with me"
 * sorted by name, a skeleton while loading, "No Workspaces" with a create button when empty.
 */
export function WorkspaceNavPanel({ currentUid, onNavigate }: { currentUid: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const touch = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
  const visible = useWorkspaceNavStore((s) => s.visible);
  const expanded = useWorkspaceNavStore((s) => s.expanded);
  const setExpanded = useWorkspaceNavStore((s) => s.setExpanded);
  const [search, setSearch] = useState('');
  // Filtering a thousand entries never holds up the keystroke that asked for it.
  const needle = useDeferredValue(search.trim().toLowerCase());
  const creating = useWorkspaceNavStore((s) => s.creating);
  const setCreating = useWorkspaceNavStore((s) => s.setCreating);
  const { owned, shared } = useNavWorkspaces(visible);

  const ownedSorted = useMemo(() => sorted(owned.data), [owned.data]);
  const sharedSorted = useMemo(() => sorted(shared.data), [shared.data]);
  const personal = useMemo(() => matching(ownedSorted, needle), [ownedSorted, needle]);
  const sharedWithMe = useMemo(() => matching(sharedSorted, needle), [sharedSorted, needle]);
  const loading = owned.isPending || shared.isPending;
  const nothingAtAll = !loading && !owned.data?.length && !shared.data?.length;

  const group = (key: NavGroup, label: string, list: Workspace[]) => (
    <Accordion.Item value={key}>
      <Accordion.Control>
        {label} ({list.length})
      </Accordion.Control>
      <Accordion.Panel>
        {list.length ? (
          <GroupEntries group={key} list={list} activePath={location.pathname} onNavigate={onNavigate} />
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
          // The drawer opens on the filter, not on Close: typing a workspace's name is what comes next.
          // Not on a touch screen, where a focused field brings up the keyboard over half the drawer.
          data-autofocus={touch ? undefined : true}
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
      {/* Creating goes to the new workspace: like a workspace link, that leaves the panel. */}
      <CreateWorkspaceDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={onNavigate}
        currentUid={currentUid}
      />
    </Stack>
  );
}

/**
 * One group's entries. Memoised: a keystroke re-renders only the input at once, and the entries
 * when the deferred filter text catches up.
 */
const GroupEntries = memo(function GroupEntries({
  group,
  list,
  activePath,
  onNavigate,
}: {
  group: NavGroup;
  list: Workspace[];
  activePath: string;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} data-testid={`workspace-group-${group}`}>
      {list.slice(0, GROUP_RENDER_CAP).map((w) => (
        <Link
          key={w.id}
          to={`/workspaces/${encodeURIComponent(w.id)}`}
          onClick={onNavigate}
          className={classes.entry}
          data-active={activePath === `/workspaces/${w.id}` || undefined}
          aria-current={activePath === `/workspaces/${w.id}` ? 'page' : undefined}
        >
          <span className={classes.name}>{w.name}</span>
          {w.shared_users.length > 0 && (
            <IconUsers size={14} role="img" aria-label={t('workspaces.sharedWith', { count: w.shared_users.length })} />
          )}
        </Link>
      ))}
      {list.length > GROUP_RENDER_CAP && (
        <Text size="xs" c="dimmed" px="sm" py={4}>
          {t('workspaces.more', { count: list.length - GROUP_RENDER_CAP })}
        </Text>
      )}
    </Stack>
  );
});
