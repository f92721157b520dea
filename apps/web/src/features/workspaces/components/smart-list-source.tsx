import { Alert, Button, Stack, Text } from '@mantine/core';
import type { List } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useMakeFilterPublic } from '../api/saved-filter-options.ts';

/**
 * Which saved filter drives a smart list, and why it may be empty for someone: a smart list shows
 * each reader what a filter they may read matches, so in a shared workspace its filter must be
 * public. The filter's owner is offered to make it so; anyone else is told whom to ask.
 */
export function SmartListSource({ list }: { list: List }) {
  const { t } = useTranslation();
  const makePublic = useMakeFilterPublic();
  const source = list.smart_filter;
  if (!source) return null;

  if (source.state === 'missing') {
    return (
      <Alert color="yellow" data-testid="smart-list-source">
        {t('smartLists.missing')}
      </Alert>
    );
  }
  if (source.state === 'private') {
    return (
      <Alert color="yellow" data-testid="smart-list-source" title={t('smartLists.rule')}>
        {source.owner_name
          ? t('smartLists.privateOther', { owner: source.owner_name })
          : t('smartLists.privateOtherUnknown')}
      </Alert>
    );
  }

  const name = source.name ?? '';
  const drivenBy = (
    <Text size="sm" data-testid="smart-list-source">
      {t(list.type === 'smartContact' ? 'smartLists.drivenByContacts' : 'smartLists.drivenByAccounts', { name })}
    </Text>
  );
  if (!(source.private && source.mine && list.workspace_shared)) return drivenBy;

  function publish() {
    if (!list.filter_id) return;
    makePublic.mutate(list.filter_id, {
      onSuccess: () => showSnackbar(t('smartLists.madePublic', { name })),
      onError: () => showSnackbar(t('errors.generic')),
    });
  }

  return (
    <Stack gap="xs">
      {drivenBy}
      <Alert color="yellow" title={t('smartLists.rule')} data-testid="smart-list-private-filter">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('smartLists.privateMine', { name })}</Text>
          <Button size="xs" variant="default" loading={makePublic.isPending} onClick={publish}>
            {t('smartLists.makePublic')}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}
