import { Button, CloseButton, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH, type UserSummary } from '@quarry/shared';
import { CREATE_DIALOG_MAX_WIDTH, CREATION_SNACK_MS, DIALOG_CLEAR_DELAY_MS } from '@quarry/shared/constants';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useWorkspaceActions } from '../api/workspaces.ts';
import { AddUserMenu } from './add-user-menu.tsx';

type Draft = { name: string; description: string; people: UserSummary[] };
const EMPTY: Draft = { name: '', description: '', people: [] };

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
  const actions = useWorkspaceActions();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Reopened within the delay: the pending clear must not wipe what the user types next.
  const openedRef = useRef(opened);
  openedRef.current = opened;
  const nameMissing = draft.name.trim() === '';

  function close() {
    onClose();
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => {
      if (openedRef.current) return;
      setDraft(EMPTY);
      setTouched(false);
    }, DIALOG_CLEAR_DELAY_MS);
  }

  async function create() {
    if (nameMissing) return;
    setSaving(true);
    const created = await actions.create({
      name: draft.name,
      description: draft.description,
      shared_users: draft.people.map((p) => p.uid),
    });
    setSaving(false);
    if (!created) return;
    close();
    showSnackbar(t('workspaces.created', { name: created.name }), CREATION_SNACK_MS);
    navigate(`/workspaces/${encodeURIComponent(created.id)}`);
    onCreated?.();
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
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Stack>
          <TextInput
            label={t('workspaces.name')}
            value={draft.name}
            maxLength={MAX_NAME_LENGTH}
            onChange={(e) => {
              setDraft({ ...draft, name: e.currentTarget.value });
              // Only once the user has typed: an error appearing on blur would shift the dialog under their click.
              setTouched(true);
            }}
            error={touched && nameMissing ? t('workspaces.nameRequired') : undefined}
            required
            data-autofocus
          />
          <Textarea
            label={t('workspaces.description')}
            value={draft.description}
            maxLength={MAX_TEXT_LENGTH}
            autosize
            minRows={2}
            maxRows={6}
            onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
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
                onAdd={(user) => setDraft({ ...draft, people: [...draft.people, user] })}
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
                      onClick={() => setDraft({ ...draft, people: draft.people.filter((x) => x.uid !== p.uid) })}
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
            <Button type="submit" disabled={nameMissing} loading={saving}>
              {t('workspaces.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
