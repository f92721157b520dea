import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { Comment } from '@quarry/shared';
import { MAX_TEXT_LENGTH } from '@quarry/shared/constants';
import type { Language } from '@quarry/shared/languages';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CharacterCounter } from '../../../components/character-counter.tsx';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { ViaSupportBadge } from '../../../components/via-support-badge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.ts';
import { useAddComment, useComments, useDeleteComment, useEditComment } from '../api/comments.ts';
import { commentParts } from '../utils/comment-parts.ts';

/** Colleagues' notes on an account, newest first; shown as text with its web addresses as links, never as HTML. */
export function AccountComments({ accountId, language }: { accountId: string; language: Language }) {
  const { t } = useTranslation();
  const comments = useComments(accountId);
  const add = useAddComment(accountId);
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const oneAtATime = useOneAtATime();
  // A half-written comment is not lost to a stray click.
  useUnsavedChangesGuard(text.trim() !== '', () => ({
    title: t('unsaved.title'),
    message: t('unsaved.message'),
    proceedLabel: t('unsaved.leave'),
    cancelLabel: t('unsaved.stay'),
  }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = text.trim();
    if (!body) return;
    // A double click on Post posted the comment twice.
    oneAtATime((settled) =>
      add.mutate(body, {
        onSuccess: () => {
          setText('');
          // Post is disabled once the box is empty: focus goes back to the box, not to the page's start.
          box.current?.focus();
        },
        onSettled: settled,
      }),
    );
  }

  return (
    <Stack>
      <form onSubmit={onSubmit}>
        <Stack gap="xs">
          <Textarea
            ref={box}
            label={t('accounts.addComment')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={MAX_TEXT_LENGTH}
            autosize
            minRows={2}
          />
          {/* The box stops at the limit: the count says why it stopped. */}
          <CharacterCounter length={text.length} max={MAX_TEXT_LENGTH} />
          {add.isError && <Alert color="red">{t('errors.generic')}</Alert>}
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending} disabled={!text.trim()}>
              {t('accounts.postComment')}
            </Button>
          </Group>
        </Stack>
      </form>
      {comments.data?.length === 0 && <Text c="dimmed">{t('accounts.noComments')}</Text>}
      {comments.data?.map((c) => (
        <CommentItem key={c.id} accountId={accountId} comment={c} language={language} />
      ))}
    </Stack>
  );
}

function CommentItem({ accountId, comment: c, language }: { accountId: string; comment: Comment; language: Language }) {
  const { t } = useTranslation();
  const edit = useEditComment(accountId);
  const remove = useDeleteComment(accountId);
  const [draft, setDraft] = useState<string | null>(null);
  // Saved or cancelled, the edit ends where it began: on Edit, not on the Delete beside it.
  const focusEdit = useRef(false);
  const editButton = (button: HTMLButtonElement | null) => {
    if (button && focusEdit.current) {
      focusEdit.current = false;
      button.focus();
    }
  };
  const endEdit = () => {
    focusEdit.current = true;
    setDraft(null);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (draft === null || !draft.trim()) return;
    await edit.mutateAsync({ commentId: c.id, text: draft.trim() });
    endEdit();
  }

  async function deleteIt() {
    const ok = await confirm({
      title: t('comments.deleteTitle'),
      message: t('comments.deleteMessage'),
      proceedLabel: t('comments.delete'),
      danger: true,
    });
    if (!ok) return;
    // Awaited, not mutate's callback: the deleted comment's card is gone by the time it answers.
    try {
      await remove.mutateAsync(c.id);
    } catch {
      return; // The mutation cache has shown the failure.
    }
    showSnackbar(t('comments.deleted'));
  }

  return (
    <Paper withBorder p="sm" data-testid="comment">
      <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            {/* A comment is a moment in a conversation: its day and time, as a mail client shows. */}
            {c.author.display_name} · {formatDateTime(c.created_at, language)}
            {c.edited_at && ` · ${t('comments.edited')}`}
          </Text>
          {c.via_support && <ViaSupportBadge name={c.author.display_name} />}
        </Group>
        {c.can_edit && draft === null && (
          <Group gap={4} wrap="nowrap">
            <Button ref={editButton} size="compact-xs" variant="subtle" onClick={() => setDraft(c.text)}>
              {t('comments.edit')}
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={() => void deleteIt()}>
              {t('comments.delete')}
            </Button>
          </Group>
        )}
      </Group>
      {draft === null ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {commentParts(c.text).map((part, i) =>
            part.kind === 'link' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
              <Anchor key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" inherit>
                {part.text}
              </Anchor>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
              <span key={i}>{part.text}</span>
            ),
          )}
        </Text>
      ) : (
        <form onSubmit={save}>
          <Stack gap="xs" mt="xs">
            <Textarea
              label={t('comments.editLabel')}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              maxLength={MAX_TEXT_LENGTH}
              autosize
              minRows={2}
              data-autofocus
            />
            <CharacterCounter length={draft.length} max={MAX_TEXT_LENGTH} />
            {edit.isError && <Alert color="red">{t('errors.generic')}</Alert>}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={endEdit}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={edit.isPending} disabled={!draft.trim()}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
