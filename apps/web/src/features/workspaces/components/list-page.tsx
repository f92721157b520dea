import { Alert, Box, Button, Loader, Stack } from '@mantine/core';
import { isSmartList, type List } from '@quarry/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AlertPageTitle } from '../../../components/alert-page-title.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useList } from '../api/lists.ts';
import { ListHeader } from './list-header.tsx';
import { type ContactActions, ListMembers } from './list-members.tsx';
import classes from './list-page.module.css';

/**
 * A list as a table, paged and sorted on the server. `toolbar` lets the page that composes this
 * one offer ways to add members (search, for instance).
 */
export function ListPage({
  toolbar,
  contactActions,
}: {
  toolbar?: (list: List) => ReactNode;
  /** Actions on the ticked contacts of a contact list (the page composing this offers them), each with its account. */
  contactActions?: ContactActions;
}) {
  const { t } = useTranslation();
  const { listId = '' } = useParams();
  const list = useList(listId);

  if (list.isPending) return <Loader aria-label={t('common.loading')} />;
  if (list.isError) {
    const missing = list.error instanceof ApiError && list.error.status === 404;
    return (
      <Alert
        color={missing ? 'gray' : 'red'}
        title={<AlertPageTitle>{missing ? t('lists.notFound') : t('errors.generic')}</AlertPageTitle>}
      >
        {missing ? t('lists.notFoundHelp') : null}
        {/* Not a dead end: Home is one click away, as on the 404 page. */}
        <Button component={Link} to="/" variant="light" size="xs" mt="sm" display="block" w="fit-content">
          {t('notFound.home')}
        </Button>
      </Alert>
    );
  }
  const tools = isSmartList(list.data.type) ? null : toolbar?.(list.data);
  return (
    <Stack gap="lg">
      <ListHeader list={list.data} />
      {tools ? <Box className={classes.toolbar}>{tools}</Box> : null}
      <ListMembers list={list.data} contactActions={contactActions} />
    </Stack>
  );
}
