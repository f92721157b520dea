import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  isSmartList,
  LIST_TYPES,
  type List,
  type ListType,
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
  type Workspace,
} from '@quarry/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { ViaSupportBadge } from '../../../components/via-support-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCompanyUsers } from '../../../lib/company-users.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useListActions } from '../api/lists.ts';
import { useMakeFilterPublic, useSavedFilterOptions } from '../api/saved-filter-options.ts';
import { useWorkspace, useWorkspaceActions } from '../api/workspaces.ts';
import { useMarkViewed } from '../hooks/use-mark-viewed.ts';
import { useWorkspaceUpdatingStore } from '../stores/workspace-updating-store.ts';
import { AddUserMenu } from './add-user-menu.tsx';
import classes from './workspace-page.module.css';

/** /workspaces/{id}: the workspace, its people and its lists (spec section 2). */
export function WorkspacePage({ currentUid }: { currentUid: string }) {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  const workspace = useWorkspace(workspaceId);
  const actions = useWorkspaceActions();
  const updating = useWorkspaceUpdatingStore((s) => s.updating);
  useMarkViewed(workspaceId, workspace.isSuccess, actions.markViewed);

  if (workspace.isPending) return <Loader aria-label={t('common.loading')} />;
  if (workspace.isError) {
    const missing = workspace.error instanceof ApiError && workspace.error.status === 404;
    return (
      <Alert color={missing ? 'gray' : 'red'} title={missing ? t('workspaces.notFound') : t('errors.generic')}>
        {missing ? t('workspaces.notFoundHelp') : null}
      </Alert>
    );
  }
  const { workspace: w, lists } = workspace.data;
  const owner = w.created_by === currentUid;
  return (
    <Stack gap="lg">
      <WorkspaceHeader workspace={w} owner={owner} updating={updating} />
      <People workspace={w} owner={owner} currentUid={currentUid} />
      <Lists workspace={w} lists={lists} />
    </Stack>
  );
}

function WorkspaceHeader({
  workspace: w,
  owner,
  updating,
}: {
  workspace: Workspace;
  owner: boolean;
  updating: boolean;
}) {
  const { t } = useTranslation();
  const actions = useWorkspaceActions();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(w.name);
  const [description, setDescription] = useState(w.description);

  async function save() {
    if (!name.trim()) return;
    if (await actions.update(w.id, { name, description })) setEditing(false);
  }

  async function remove() {
    const ok = await confirm({
      title: t('workspaces.deleteTitle'),
      message: t('workspaces.deleteMessage', { name: w.name, count: w.items.length }),
      confirmPhrase: w.name,
      proceedLabel: t('workspaces.delete'),
      danger: true,
    });
    if (!ok) return;
    if (await actions.remove(w.id)) {
      showSnackbar(t('workspaces.deleted', { name: w.name }));
      navigate('/');
    }
  }

  if (editing) {
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="xs">
          <TextInput
            label={t('workspaces.name')}
            value={name}
            maxLength={MAX_NAME_LENGTH}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setEditing(false);
            }}
            error={name.trim() ? undefined : t('workspaces.nameRequired')}
            data-autofocus
            autoFocus
          />
          <Textarea
            label={t('workspaces.description')}
            value={description}
            maxLength={MAX_TEXT_LENGTH}
            autosize
            minRows={2}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Group>
            <Button type="submit" disabled={!name.trim()} loading={updating}>
              {t('common.save')}
            </Button>
            <Button variant="default" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={1} className={classes.name}>
            {w.name}
          </Title>
          {owner && (
            <Tooltip label={t('workspaces.rename')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('workspaces.rename')}
                onClick={() => {
                  setName(w.name);
                  setDescription(w.description);
                  setEditing(true);
                }}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {updating && <Loader size="xs" aria-label={t('workspaces.saving')} />}
        </Group>
        {w.description ? (
          <Text c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {w.description}
          </Text>
        ) : null}
      </Stack>
      {owner && (
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => void remove()}>
          {t('workspaces.delete')}
        </Button>
      )}
    </Group>
  );
}

function People({ workspace: w, owner, currentUid }: { workspace: Workspace; owner: boolean; currentUid: string }) {
  const { t } = useTranslation();
  const actions = useWorkspaceActions();
  const navigate = useNavigate();
  const users = useCompanyUsers();
  const nameOf = (uid: string) => users.data?.find((u) => u.uid === uid)?.display_name ?? uid;

  async function leave() {
    const ok = await confirm({
      title: t('workspaces.leaveTitle'),
      message: t('workspaces.leaveMessage', { name: w.name }),
      proceedLabel: t('workspaces.leave'),
      danger: true,
    });
    if (!ok) return;
    if (await actions.unshare(w.id, [currentUid], true)) {
      showSnackbar(t('workspaces.left', { name: w.name }));
      navigate('/');
    }
  }

  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('workspaces.people')}
          </Title>
          {owner ? (
            <AddUserMenu
              shared={w.shared_users}
              currentUid={currentUid}
              creatorUid={w.created_by}
              onAdd={(user) => void actions.share(w.id, [user.uid])}
            />
          ) : (
            <Button variant="default" size="xs" onClick={() => void leave()}>
              {t('workspaces.leave')}
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {t('workspaces.owner')}:
          </Text>
          <Badge variant="light" tt="none">
            {nameOf(w.created_by)}
          </Badge>
          {w.created_via_support && <ViaSupportBadge name={nameOf(w.created_by)} />}
        </Group>
        <Group gap="xs" align="center">
          <Text size="sm" fw={500}>
            {t('workspaces.sharedUsers')}:
          </Text>
          {w.shared_users.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('workspaces.notShared')}
            </Text>
          ) : (
            w.shared_users.map((uid) => (
              <Badge
                key={uid}
                variant="outline"
                tt="none"
                data-testid="shared-user"
                rightSection={
                  owner ? (
                    <CloseButton
                      size="xs"
                      aria-label={t('workspaces.removePerson', { name: nameOf(uid) })}
                      onClick={() => void actions.unshare(w.id, [uid])}
                    />
                  ) : null
                }
              >
                {nameOf(uid)}
              </Badge>
            ))
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function Lists({ workspace: w, lists }: { workspace: Workspace; lists: List[] }) {
  const { t } = useTranslation();
  const listActions = useListActions();

  async function remove(list: List) {
    const ok = await confirm({
      title: t('lists.deleteTitle'),
      message: t('lists.deleteMessage', { name: list.name }),
      proceedLabel: t('lists.delete'),
      danger: true,
    });
    if (ok && (await listActions.remove(list.id))) showSnackbar(t('lists.deleted', { name: list.name }));
  }

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('workspaces.lists')}
        </Title>
        {lists.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('lists.none')}
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lists.name')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('lists.type')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('lists.members')}</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lists.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/lists/${encodeURIComponent(l.id)}`} className={classes.name}>
                      {l.name}
                    </Anchor>
                    {/* On a phone the type and count sit under the name, so the delete action stays on screen. */}
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {t(`lists.types.${l.type}`)} · {t('lists.memberCount', { count: l.member_count })}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{t(`lists.types.${l.type}`)}</Table.Td>
                  <Table.Td visibleFrom="sm">{l.member_count.toLocaleString()}</Table.Td>
                  <Table.Td>
                    {/* Only the list's creator and the workspace owner delete it (checked on the server too). */}
                    {l.can_manage && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('lists.deleteNamed', { name: l.name })}
                        onClick={() => void remove(l)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <CreateListForm workspaceId={w.id} shared={w.shared_users.length > 0} />
      </Stack>
    </Card>
  );
}

/** `shared`: the workspace has people besides its owner, who would see a smart list on a private filter empty. */
function CreateListForm({ workspaceId, shared }: { workspaceId: string; shared: boolean }) {
  const { t } = useTranslation();
  const actions = useWorkspaceActions();
  const makePublic = useMakeFilterPublic();
  const [publish, setPublish] = useState(true);
  const [name, setName] = useState('');
  const [type, setType] = useState<ListType>('accounts');
  const [filterId, setFilterId] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const smart = isSmartList(type);
  const filters = useSavedFilterOptions(smart);
  const ready = name.trim() !== '' && (!smart || filterId !== null);
  const chosenFilter = smart ? filters.data?.find((f) => f.id === filterId) : undefined;
  const privateInShared = shared && chosenFilter?.private === true;

  async function create() {
    setTouched(true);
    if (!ready) return;
    setSaving(true);
    if (privateInShared && publish && filterId && !(await makePublic(filterId))) {
      setSaving(false);
      showSnackbar(t('errors.generic'));
      return;
    }
    const list = await actions.createList(workspaceId, {
      name,
      type,
      ...(smart && filterId ? { filter_id: filterId } : {}),
    });
    setSaving(false);
    if (list) {
      showSnackbar(t('lists.created', { name: list.name }));
      // The form starts over, type included: the next list is not silently a contact list.
      setName('');
      setType('accounts');
      setFilterId(null);
      setPublish(true);
      setTouched(false);
    }
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={t('lists.newName')}
          value={name}
          maxLength={MAX_NAME_LENGTH}
          onChange={(e) => setName(e.currentTarget.value)}
          error={touched && !name.trim() ? t('lists.nameRequired') : undefined}
        />
        <Select
          label={t('lists.type')}
          value={type}
          allowDeselect={false}
          onChange={(value) => value && setType(value as ListType)}
          data={LIST_TYPES.map((value) => ({ value, label: t(`lists.types.${value}`) }))}
          w={200}
        />
        {smart && (
          <Select
            label={t('lists.savedFilter')}
            placeholder={filters.isPending ? t('common.loading') : t('lists.pickFilter')}
            value={filterId}
            onChange={setFilterId}
            data={(filters.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
            nothingFoundMessage={t('lists.noFilters')}
            searchable
            w={220}
          />
        )}
        <Button type="submit" loading={saving} disabled={!ready}>
          {t('lists.create')}
        </Button>
      </Group>
      {privateInShared && chosenFilter && (
        <Stack gap={4} mt="xs" data-testid="smart-list-private-note">
          <Text size="sm">
            {t('smartLists.rule')} {t('smartLists.privateFilterNote', { name: chosenFilter.name })}
          </Text>
          <Checkbox
            label={t('smartLists.makePublicOnCreate', { name: chosenFilter.name })}
            checked={publish}
            onChange={(e) => setPublish(e.currentTarget.checked)}
          />
        </Stack>
      )}
    </form>
  );
}
