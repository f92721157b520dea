import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { MAX_TEXT_LENGTH } from '@quarry/shared/constants';
import type { Language } from '@quarry/shared/languages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViaSupportBadge } from '../../../components/via-support-badge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useAddComment, useComments } from '../api/comments.ts';

/** Colleagues' notes on an account, newest first; shown as text, never as HTML. */
export function AccountComments({ accountId, language }: { accountId: string; language: Language }) {
  const { t } = useTranslation();
  const comments = useComments(accountId);
  const add = useAddComment(accountId);
  const [text, setText] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    await add.mutateAsync(text.trim());
    setText('');
  }

  return (
    <Stack>
      <form onSubmit={onSubmit}>
        <Stack gap="xs">
          <Textarea
            label={t('accounts.addComment')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={MAX_TEXT_LENGTH}
            autosize
            minRows={2}
          />
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
        <Paper key={c.id} withBorder p="sm" data-testid="comment">
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {c.author.display_name} · {formatDate(c.created_at, language, 'long')}
            </Text>
            {c.via_support && <ViaSupportBadge name={c.author.display_name} />}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {c.text}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
