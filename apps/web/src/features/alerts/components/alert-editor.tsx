import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ALERT_ACTION_TEXT_MAX,
  ALERT_COLORS,
  ALERT_MESSAGE_MAX,
  ALERT_TITLE_MAX,
  alertBodySchema,
} from '@quarry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { MomentInput } from '../../../components/moment-input.tsx';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { setServerErrors } from '../../../lib/set-server-errors.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { validateWithSchema } from '../../../lib/validate-with-schema.ts';
import type { Tenant } from '../api/get-managed-alerts.ts';
import { useSaveAlert } from '../api/save-alert.ts';
import { ALL_TENANTS, type AlertDraft, alertBodyOf } from '../utils/alert-draft.ts';
import { sanitizeAlertHtml } from '../utils/sanitize-alert-html.ts';

/** Pages only some members may open (managers, admins or support): an alert's action sending everyone there fails most. */
const RESTRICTED_PAGES = ['/reporting', '/preferences/integrations', '/support-impersonation', '/support-alerts'];

export function restrictedPage(action: string): boolean {
  const path = action.trim().split(/[?#]/)[0]?.toLowerCase() ?? '';
  return RESTRICTED_PAGES.some((page) => path === page || path.startsWith(`${page}/`));
}

/**
 * The dialog that writes an alert (no `id`) or edits one, checked against the API's own schema
 * before it is sent. A new alert for every tenant reaches every customer at once: the first
 * Publish asks again, and any change takes that back.
 */
export function AlertEditor({
  id,
  initial,
  tenants,
  onClose,
}: {
  id?: string;
  initial: AlertDraft;
  tenants: Tenant[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAlert();
  const [error, setError] = useState<string | null>(null);
  const [confirmingAll, setConfirmingAll] = useState(false);
  const form = useForm<AlertDraft>({
    mode: 'controlled',
    initialValues: initial,
    onValuesChange: () => setConfirmingAll(false),
    validate: validateWithSchema(alertBodySchema, alertBodyOf, {
      title: t('alertsAdmin.errors.title'),
      message: t('alertsAdmin.errors.message'),
      action_text: t('alertsAdmin.errors.action'),
      action: t('alertsAdmin.errors.action'),
      starts_at: t('alertsAdmin.startRequired'),
      ends_at: t('alertsAdmin.errors.ends'),
    }),
  });
  const draft = form.getValues();
  // Escape, Close or Cancel on an alert that changed asks first: it closed at once, its text lost.
  const leave = async () => {
    if (
      form.isDirty() &&
      !(await confirm({
        title: t('alertsAdmin.discardTitle'),
        message: t('alertsAdmin.discardMessage'),
        proceedLabel: t('alertsAdmin.discard'),
        cancelLabel: t('alertsAdmin.keepEditing'),
        danger: true,
      }))
    ) {
      return;
    }
    onClose();
  };
  const toEveryone = !id && draft.tenant_id === ALL_TENANTS;

  function submit(values: AlertDraft) {
    if (toEveryone && !confirmingAll) return setConfirmingAll(true);
    setError(null);
    save.mutate(
      { ...(id ? { id } : {}), body: alertBodyOf(values) },
      {
        onSuccess: (saved) => {
          showSnackbar(t(id ? 'alertsAdmin.updated' : 'alertsAdmin.published', { title: saved.title }));
          onClose();
        },
        onError: (e) => setError(setServerErrors(form, e, t('errors.generic'))),
      },
    );
  }

  return (
    <Modal
      opened
      onClose={() => void leave()}
      title={id ? t('alertsAdmin.edit') : t('alertsAdmin.new')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={form.onSubmit(submit, focusFirstInvalid)}>
        <Stack gap="sm">
          <TextInput
            label={t('alertsAdmin.alertTitle')}
            maxLength={ALERT_TITLE_MAX}
            {...form.getInputProps('title')}
            required
          />
          <Textarea
            label={t('alertsAdmin.message')}
            description={t('alertsAdmin.messageHelp')}
            maxLength={ALERT_MESSAGE_MAX}
            autosize
            minRows={2}
            {...form.getInputProps('message')}
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
              allowDeselect={false}
              data={ALERT_COLORS.map((c) => ({ value: c, label: t(`alertsAdmin.colors.${c}`) }))}
              {...form.getInputProps('color')}
            />
            <Select
              label={t('alertsAdmin.audience')}
              allowDeselect={false}
              data={[
                { value: ALL_TENANTS, label: t('alertsAdmin.allTenants') },
                ...tenants.map((x) => ({ value: x.id, label: x.name })),
              ]}
              {...form.getInputProps('tenant_id')}
            />
          </Group>
          <Group grow>
            <TextInput
              label={t('alertsAdmin.actionText')}
              maxLength={ALERT_ACTION_TEXT_MAX}
              {...form.getInputProps('action_text')}
            />
            <TextInput
              label={t('alertsAdmin.actionLink')}
              placeholder={t('alertsAdmin.actionLinkPlaceholder')}
              {...form.getInputProps('action')}
              // A page not every member may open sends the others to "no access": support is told.
              description={
                restrictedPage(form.getValues().action)
                  ? t('alertsAdmin.restrictedAction', { path: form.getValues().action.trim() })
                  : undefined
              }
            />
          </Group>
          {/* One under the other on a phone: side by side they were cut to "11/29/2026, 1(". */}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <MomentInput label={t('alertsAdmin.starts')} {...form.getInputProps('starts_at')} required />
            <MomentInput label={t('alertsAdmin.ends')} clearable {...form.getInputProps('ends_at')} />
          </SimpleGrid>
          <Checkbox label={t('alertsAdmin.dismissible')} {...form.getInputProps('dismissible', { type: 'checkbox' })} />
          <Checkbox
            label={t('alertsAdmin.allowDontShowAgain')}
            {...form.getInputProps('allow_dont_show_again', { type: 'checkbox' })}
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
            <Button variant="default" onClick={() => void leave()}>
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
