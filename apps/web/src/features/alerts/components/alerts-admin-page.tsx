import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ALERT_ACTION_TEXT_MAX,
  ALERT_COLORS,
  ALERT_MESSAGE_MAX,
  ALERT_TITLE_MAX,
  type AlertBody,
  type ManagedAlert,
} from '@quarry/shared';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { type Tenant, useManagedAlerts, useSaveAlert } from '../api/manage-alerts.ts';
import { fromLocalInput, toLocalInput } from '../utils/local-date-time.ts';
import { sanitizeAlertHtml } from '../utils/sanitize-alert-html.ts';

type Draft = {
  title: string;
  message: string;
  color: (typeof ALERT_COLORS)[number];
  action_text: string;
  action: string;
  dismissible: boolean;
  allow_dont_show_again: boolean;
  starts: string;
  ends: string;
  tenant_id: string;
};

const ALL_TENANTS = '*';
const blank = (): Draft => ({
  title: '',
  message: '',
  color: 'info',
  action_text: '',
  action: '',
  dismissible: true,
  allow_dont_show_again: true,
  starts: toLocalInput(new Date().toISOString()),
  ends: '',
  tenant_id: ALL_TENANTS,
});
const fromAlert = (a: ManagedAlert): Draft => ({
  title: a.title,
  message: a.message,
  color: a.color,
  action_text: a.action_text ?? '',
  action: a.action ?? '',
  dismissible: a.dismissible,
  allow_dont_show_again: a.allow_dont_show_again,
  starts: toLocalInput(a.starts_at),
  ends: toLocalInput(a.ends_at),
  tenant_id: a.tenant_id ?? ALL_TENANTS,
});

function status(a: ManagedAlert, now: number): 'scheduled' | 'active' | 'ended' {
  if (Date.parse(a.starts_at) > now) return 'scheduled';
  if (a.ends_at && Date.parse(a.ends_at) <= now) return 'ended';
  return 'active';
}

/** Support Tools › Global alerts: publish, edit and remove the banner alerts of every tenant. */
export function AlertsAdminPage() {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const managed = useManagedAlerts();
  const { remove } = useSaveAlert();
  const [editing, setEditing] = useState<{ id?: string; draft: Draft } | null>(null);
  const now = Date.now();

  async function del(a: ManagedAlert) {
    const ok = await confirm({
      title: t('alertsAdmin.deleteTitle'),
      message: t('alertsAdmin.deleteMessage', { title: a.title }),
      proceedLabel: t('alertsAdmin.delete'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(a.id, {
      onSuccess: () => showSnackbar(t('alertsAdmin.deleted', { title: a.title })),
      onError: () => showSnackbar(t('errors.generic')),
    });
  }

  const tenantName = (id: string | null, tenants: Tenant[]) =>
    id ? (tenants.find((x) => x.id === id)?.name ?? id) : t('alertsAdmin.allTenants');

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('alertsAdmin.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ draft: blank() })}>
          {t('alertsAdmin.new')}
        </Button>
      </Group>
      <Text c="dimmed">{t('alertsAdmin.intro')}</Text>
      {managed.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : managed.isError ? (
        <Alert color="red">
          {managed.error instanceof ApiError && managed.error.status === 403
            ? t('alertsAdmin.forbidden')
            : t('errors.generic')}
        </Alert>
      ) : managed.data.alerts.length === 0 ? (
        <Text c="dimmed">{t('alertsAdmin.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('alertsAdmin.alertTitle')}</Table.Th>
                <Table.Th>{t('alertsAdmin.audience')}</Table.Th>
                <Table.Th>{t('alertsAdmin.window')}</Table.Th>
                <Table.Th>{t('alertsAdmin.status')}</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {managed.data.alerts.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.title}</Table.Td>
                  <Table.Td>{tenantName(a.tenant_id, managed.data.tenants)}</Table.Td>
                  <Table.Td>
                    {formatDate(a.starts_at, language)} –{' '}
                    {a.ends_at ? formatDate(a.ends_at, language) : t('alertsAdmin.noEnd')}
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={{ active: 'green', scheduled: 'blue', ended: 'gray' }[status(a, now)]}
                    >
                      {t(`alertsAdmin.statuses.${status(a, now)}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('alertsAdmin.editNamed', { title: a.title })}
                        onClick={() => setEditing({ id: a.id, draft: fromAlert(a) })}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('alertsAdmin.deleteNamed', { title: a.title })}
                        onClick={() => void del(a)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && managed.data && (
        <AlertEditor
          key={editing.id ?? 'new'}
          id={editing.id}
          initial={editing.draft}
          tenants={managed.data.tenants}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function AlertEditor({
  id,
  initial,
  tenants,
  onClose,
}: {
  id?: string;
  initial: Draft;
  tenants: Tenant[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { save } = useSaveAlert();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  // A new alert for every tenant reaches every customer at once: the first Publish asks again.
  const [confirmingAll, setConfirmingAll] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setConfirmingAll(false);
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const starts = fromLocalInput(draft.starts);
  const toEveryone = !id && draft.tenant_id === ALL_TENANTS;

  function submit() {
    if (!starts) return setError(t('alertsAdmin.startRequired'));
    if (toEveryone && !confirmingAll) return setConfirmingAll(true);
    const body: AlertBody = {
      title: draft.title,
      message: draft.message,
      color: draft.color,
      icon: draft.color,
      action_text: draft.action_text.trim() || null,
      action: draft.action.trim() || null,
      dismissible: draft.dismissible,
      allow_dont_show_again: draft.allow_dont_show_again,
      starts_at: starts,
      ends_at: fromLocalInput(draft.ends),
      tenant_id: draft.tenant_id === ALL_TENANTS ? null : draft.tenant_id,
    };
    setError(null);
    save.mutate(
      { ...(id ? { id } : {}), body },
      {
        onSuccess: (saved) => {
          showSnackbar(t(id ? 'alertsAdmin.updated' : 'alertsAdmin.published', { title: saved.title }));
          onClose();
        },
        // The server names the field in its message ("action: …"); shown as is.
        onError: (e) => setError(e instanceof ApiError ? e.message : t('errors.generic')),
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={id ? t('alertsAdmin.edit') : t('alertsAdmin.new')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('alertsAdmin.alertTitle')}
            value={draft.title}
            maxLength={ALERT_TITLE_MAX}
            onChange={(e) => set('title', e.currentTarget.value)}
            required
          />
          <Textarea
            label={t('alertsAdmin.message')}
            description={t('alertsAdmin.messageHelp')}
            value={draft.message}
            maxLength={ALERT_MESSAGE_MAX}
            autosize
            minRows={2}
            onChange={(e) => set('message', e.currentTarget.value)}
            required
          />
          <Box>
            <Text size="sm" fw={500}>
              {t('alertsAdmin.preview')}
            </Text>
            <Text
              size="sm"
              data-testid="alert-preview"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with the alert allow-list right here
              dangerouslySetInnerHTML={{ __html: sanitizeAlertHtml(draft.message) }}
            />
          </Box>
          <Group grow>
            <Select
              label={t('alertsAdmin.color')}
              value={draft.color}
              allowDeselect={false}
              onChange={(v) => v && set('color', v as Draft['color'])}
              data={ALERT_COLORS.map((c) => ({ value: c, label: t(`alertsAdmin.colors.${c}`) }))}
            />
            <Select
              label={t('alertsAdmin.audience')}
              value={draft.tenant_id}
              allowDeselect={false}
              onChange={(v) => v && set('tenant_id', v)}
              data={[
                { value: ALL_TENANTS, label: t('alertsAdmin.allTenants') },
                ...tenants.map((x) => ({ value: x.id, label: x.name })),
              ]}
            />
          </Group>
          <Group grow>
            <TextInput
              label={t('alertsAdmin.actionText')}
              value={draft.action_text}
              maxLength={ALERT_ACTION_TEXT_MAX}
              onChange={(e) => set('action_text', e.currentTarget.value)}
            />
            <TextInput
              label={t('alertsAdmin.actionLink')}
              placeholder="/reporting or https://…"
              value={draft.action}
              onChange={(e) => set('action', e.currentTarget.value)}
            />
          </Group>
          <Group grow>
            <TextInput
              type="datetime-local"
              label={t('alertsAdmin.starts')}
              value={draft.starts}
              onChange={(e) => set('starts', e.currentTarget.value)}
              required
            />
            <TextInput
              type="datetime-local"
              label={t('alertsAdmin.ends')}
              value={draft.ends}
              onChange={(e) => set('ends', e.currentTarget.value)}
            />
          </Group>
          <Checkbox
            label={t('alertsAdmin.dismissible')}
            checked={draft.dismissible}
            onChange={(e) => set('dismissible', e.currentTarget.checked)}
          />
          <Checkbox
            label={t('alertsAdmin.allowDontShowAgain')}
            checked={draft.allow_dont_show_again}
            onChange={(e) => set('allow_dont_show_again', e.currentTarget.checked)}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {confirmingAll && (
            <Alert color="orange" role="alert">
              {t('alertsAdmin.confirmAllTenants')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color={confirmingAll ? 'orange' : undefined}
              loading={save.isPending}
              disabled={!draft.title.trim() || !draft.message.trim()}
            >
              {id ? t('common.save') : t(confirmingAll ? 'alertsAdmin.publishToAll' : 'alertsAdmin.publish')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
