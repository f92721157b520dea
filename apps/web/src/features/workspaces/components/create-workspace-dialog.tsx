import { Button, CloseButton, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createWorkspaceBodySchema, MAX_NAME_LENGTH, MAX_TEXT_LENGTH, type UserSummary } from '@quarry/shared';
import { CREATE_DIALOG_MAX_WIDTH, CREATION_SNACK_MS, DIALOG_CLEAR_DELAY_MS } from '@quarry/shared/constants';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { limitNote } from '../../../components/character-counter.tsx';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { setServerErrors } from '../../../lib/set-server-errors.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { validateWithSchema } from '../../../lib/validate-with-schema.ts';
import { useCreateWorkspace } from '../api/create-workspace.ts';
import { AddUserMenu } from './add-user-menu.tsx';

type Draft = { name: string; description: string; people: UserSummary[] };
const EMPTY: Draft = { name: '', description: '', people: [] };

/** What the dialog sends: the people as the uids the API takes. */
const toBody = ({ name, description, people }: Draft) => ({
  name,
  description,
  shared_users: people.map((p) => p.uid),
});

/**
 * The create-workspace dialog (spec section 2): persistent, at most 500 wide; name, description
 * and the people to share with. Create is disabled while the name is empty; success goes to the
 * new workspace with the creation snack, then `onCreated` runs (the Lists drawer closes there, so
 * the user sees the new page). The draft is cleared 500 ms after closing.
 */
export function CreateWorkspaceDialog({
  opened,
  onClose,
  onCreated,
  currentUid,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated?: () => void;
  currentUid: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createWorkspace = useCreateWorkspace();
  const form = useForm<Draft>({
    mode: 'controlled',
    initialValues: EMPTY,
    // Only once the user has typed: an error appearing on blur would shift the dialog under their click.
    validateInputOnChange: ['name'],
    validate: validateWithSchema(createWorkspaceBodySchema, toBody, {
      name: t('workspaces.nameRequired'),
      description: t('errors.generic'),
      shared_users: t('errors.generic'),
    }),
  });
  const draft = form.getValues();
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Reopened within the delay: the pending clear must not wipe what the user types next.
  const openedRef = useRef(opened);
  openedRef.current = opened;

  function close() {
    onClose();
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => {
      if (openedRef.current) return;
      form.reset();
    }, DIALOG_CLEAR_DELAY_MS);
  }

  function create(values: Draft) {
    createWorkspace.mutate(toBody(values), {
      onSuccess: (created) => {
        close();
        showSnackbar(t('workspaces.created', { name: created.name }), CREATION_SNACK_MS);
        navigate(`/workspaces/${encodeURIComponent(created.id)}`);
        onCreated?.();
      },
      onError: (error) => setServerErrors(form, error, t('workspaces.errors.create')),
    });
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('workspaces.createTitle')}
      size={CREATE_DIALOG_MAX_WIDTH}
      // Persistent (spec section 2): neither a click outside nor Escape throws the draft away (the
      // Lists drawer behind it ignores Escape meanwhile). Cancel and the close button close it.
      closeOnClickOutside={false}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={form.onSubmit(create, focusFirstInvalid)}>
        <Stack>
          <TextInput
            label={t('workspaces.name')}
            maxLength={MAX_NAME_LENGTH}
            description={limitNote(form.getValues().name.length, MAX_NAME_LENGTH)}
            {...form.getInputProps('name')}
            required
            data-autofocus
          />
          <Textarea
            label={t('workspaces.description')}
            maxLength={MAX_TEXT_LENGTH}
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('description')}
          />
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                {t('workspaces.shareWith')}
              </Text>
              <AddUserMenu
                shared={draft.people.map((p) => p.uid)}
                currentUid={currentUid}
                creatorUid={currentUid}
                onAdd={(user) => form.insertListItem('people', user)}
              />
            </Group>
            {draft.people.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('workspaces.notShared')}
              </Text>
            ) : (
              <Stack gap={4} aria-label={t('workspaces.shareWith')}>
                {draft.people.map((p) => (
                  <Group key={p.uid} justify="space-between" wrap="nowrap">
                    <Text size="sm">{p.display_name}</Text>
                    <CloseButton
                      size="sm"
                      aria-label={t('workspaces.removePerson', { name: p.display_name })}
                      onClick={() =>
                        form.setFieldValue(
                          'people',
                          draft.people.filter((x) => x.uid !== p.uid),
                        )
                      }
                    />
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!form.isValid()} loading={createWorkspace.isPending}>
              {t('workspaces.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
