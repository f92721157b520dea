import { Alert, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntegrations } from '../../../lib/integrations.ts';
import { IntegrationCard } from './integration-card.tsx';
import { OAuthCallbackFailure } from './oauth-callback-failure.tsx';

/**
 * /preferences/integrations: the four sales-engagement tools of the catalogue, each with its
 * connection's state; admins connect, re-check, disconnect and map fields.
 */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const integrations = useIntegrations();
  // Outreach's consent window lands back here (?oauth=outreach) once the callback is done: the
  // page that opened it is polling, so this window closes itself (browsers ignore it in a tab the
  // user opened). When the callback was refused (&failed=<reason>), it stays open and says why.
  const [{ oauthTool, oauthFailed }] = useState(() => {
    const query = new URLSearchParams(window.location.search);
    return { oauthTool: query.get('oauth'), oauthFailed: query.get('failed') };
  });
  useEffect(() => {
    if (oauthTool && !oauthFailed) window.close();
  }, [oauthTool, oauthFailed]);
  const toolName =
    integrations.data?.integrations.find(({ entry }) => entry.type === oauthTool)?.entry.name ?? oauthTool ?? '';
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1}>{t('integrations.title')}</Title>
        <Text c="dimmed">{t('integrations.intro')}</Text>
      </div>
      {oauthTool && oauthFailed && <OAuthCallbackFailure name={toolName} reason={oauthFailed} />}
      {integrations.isPending && <Skeleton h={200} aria-busy="true" />}
      {integrations.isError && (
        <Alert color="red" role="alert">
          {t('integrations.errors.list')}
        </Alert>
      )}
      {integrations.isSuccess && (
        <>
          {!integrations.data.can_manage && (
            <Alert color="blue" variant="light">
              {t('integrations.adminOnly')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {integrations.data.integrations.map(({ entry, connection }) => (
              <IntegrationCard
                key={entry.type}
                entry={entry}
                connection={connection}
                canManage={integrations.data.can_manage}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
