import { Alert, Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { CredentialStatus, IntegrationCatalogueEntry, IntegrationConnection } from '@quarry/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { WHOLE_BADGE } from '../../../components/fitting-labels.ts';
import { PasswordField } from '../../../components/password-field.tsx';
import { fieldError } from '../../../lib/field-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { refocusIfLost } from '../../../lib/refocus-if-lost.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useConnectIntegration } from '../api/connect-integration.ts';
import { useDisconnectIntegration } from '../api/disconnect-integration.ts';
import { useOAuthConsent } from '../api/oauth-consent.ts';
import { useRecheckIntegration } from '../api/recheck-integration.ts';
import { FieldMappingsForm } from './field-mappings-form.tsx';

const STATUS_COLOUR: Record<CredentialStatus, string> = { VALID: 'green', INVALID: 'red', PENDING: 'yellow' };
/** What a connect attempt ended in: a tool that could not be reached has not refused anything. */
const OUTCOME_TEXT: Record<CredentialStatus, string> = {
  VALID: 'integrations.connected',
  INVALID: 'integrations.invalid',
  PENDING: 'integrations.pending',
};

/** What the tool's key is called in the tool itself (HubSpot's private apps give a token). */
const CREDENTIAL_LABEL: Record<
  string,
  'integrations.credential.hubspot' | 'integrations.credential.apolloio' | 'integrations.credential.salesloft'
> = {
  hubspot: 'integrations.credential.hubspot',
  apolloio: 'integrations.credential.apolloio',
  salesloft: 'integrations.credential.salesloft',
};

/**
 * The badge's word for a status. Pending after a check (checked_at set) means the tool did not
 * answer, not that a check runs: "Not reached", so the card does not look busy for six hours.
 */
function statusKey(connection: IntegrationConnection) {
  return connection.status === 'PENDING' && connection.checked_at
    ? ('integrations.status.unreached' as const)
    : (`integrations.status.${connection.status}` as const);
}

/** One tool of the catalogue: its brand, the connection's state, and (for admins) connect, re-check, disconnect and mappings. */
export function IntegrationCard({
  entry,
  connection,
  canManage,
}: {
  entry: IntegrationCatalogueEntry;
  connection: IntegrationConnection | null;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const [credential, setCredential] = useState('');
  const [replacing, setReplacing] = useState(false);
  // Replace credential opens the field to paste the new one into: the keyboard goes there.
  const credentialInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (replacing) credentialInput.current?.focus();
  }, [replacing]);
  const recheckButton = useRef<HTMLButtonElement>(null);
  const connect = useConnectIntegration();
  const recheck = useRecheckIntegration();
  const disconnect = useDisconnectIntegration();
  const showConnectForm = canManage && entry.available && (!connection || replacing);
  // Disconnected from the keyboard: the focus goes to the field to connect again, not to the page's
  // top (the Disconnect button it was on is gone).
  const [disconnected, setDisconnected] = useState(false);
  useEffect(() => {
    if (!disconnected || !showConnectForm) return;
    credentialInput.current?.focus();
    setDisconnected(false);
  }, [disconnected, showConnectForm]);
  // A refused credential (too long, say) is said under its input, in the reader's language.
  const connectError = connect.error
    ? fieldError(connect.error, ['credential'] as const, t('integrations.errors.connect'))
    : null;
  const consent = useOAuthConsent(entry.type, (outcome) => {
    if (outcome === 'timed_out') return;
    setReplacing(false);
    showSnackbar(t(OUTCOME_TEXT[outcome], { name: entry.name }));
  });

  /** A credential or a consent being checked now: the card says Pending (issue 21) until it ends. */
  const checking = connect.isPending || recheck.isPending || consent.state === 'waiting';

  // While a consent window is open, and how it ended when it did not connect.
  const consentStatus = (
    <>
      {consent.state === 'waiting' && (
        <Text size="sm" role="status">
          {t('integrations.oauth.waiting', { name: entry.name })}
        </Text>
      )}
      {consent.state !== 'idle' && consent.state !== 'waiting' && (
        <Alert color="yellow" variant="light" role="alert">
          {t(`integrations.oauth.${consent.state}`, { name: entry.name })}
        </Alert>
      )}
    </>
  );

  function submit() {
    connect.mutate(
      { type: entry.type, credential },
      {
        onSuccess: (result) => {
          setCredential('');
          setReplacing(false);
          showSnackbar(t(OUTCOME_TEXT[result.status], { name: entry.name }));
        },
        // The Connect the keyboard was on is disabled while checking, then gone once connected:
        // it goes on from the connection's Re-check, or back to the field when refused.
        onSettled: () => refocusIfLost(() => recheckButton.current ?? credentialInput.current),
      },
    );
  }

  /** Disconnects once the admin confirms: sends to the tool stop until it is connected again. */
  async function disconnectAfterConfirming() {
    const ok = await confirm({
      title: t('integrations.disconnectConfirm.title', { name: entry.name }),
      message: t('integrations.disconnectConfirm.message', { name: entry.name }),
      proceedLabel: t('integrations.disconnect'),
      danger: true,
    });
    if (!ok) return;
    disconnect.mutate(entry.type, {
      onSuccess: () => {
        setDisconnected(true);
        showSnackbar(t('integrations.disconnected', { name: entry.name }));
      },
      onError: () => showSnackbar(t('integrations.errors.disconnect')),
    });
  }

  return (
    <Card
      withBorder
      padding="md"
      style={{ borderTop: `4px solid ${entry.brand_colour}` }}
      data-testid={`integration-${entry.type}`}
    >
      <Stack gap="sm">
        {/* On a phone the status goes under the name rather than cutting it ("Outrea/ch", "NOT CONNEC…"). */}
        <Group justify="space-between" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Image src={entry.icon} alt="" w={32} h={32} />
            <Title order={2} size="h4" style={{ wordBreak: 'normal', overflowWrap: 'normal' }}>
              {entry.name}
            </Title>
          </Group>
          {checking ? (
            // A key or a consent being checked: said at once, not the old status for seconds.
            <Badge color={STATUS_COLOUR.PENDING} variant="light" data-testid="integration-status" {...WHOLE_BADGE}>
              {t('integrations.status.PENDING')}
            </Badge>
          ) : connection ? (
            <Badge
              color={STATUS_COLOUR[connection.status]}
              variant="light"
              data-testid="integration-status"
              {...WHOLE_BADGE}
            >
              {t(statusKey(connection))}
            </Badge>
          ) : (
            <Badge color="gray" variant="light" {...WHOLE_BADGE}>
              {t(entry.available ? 'integrations.status.notConnected' : 'integrations.notAvailable')}
            </Badge>
          )}
        </Group>

        {connection && (
          <Stack gap={4}>
            {connection.account_name && (
              <Text size="sm">{t('integrations.account', { name: connection.account_name })}</Text>
            )}
            <Text size="sm" c="dimmed">
              {/* A key's tail starts with "…"; an OAuth connection's is the word OAuth. */}
              {entry.auth === 'oauth' || connection.credential_tail === 'OAuth'
                ? t('integrations.oauth.tail')
                : t('integrations.tail', { tail: connection.credential_tail })}
            </Text>
            {connection.checked_at && (
              <Text size="xs" c="dimmed">
                {t('integrations.checkedAt', { date: formatDateTime(connection.checked_at, language) })}
              </Text>
            )}
            {connection.status === 'PENDING'
              ? // Quarry's own finding, once a check did not reach the tool (none while a check or
                // a consent runs) (no answer from the tool), said in the reader's language; the
                // technical detail stays on hover for whoever diagnoses it.
                connection.checked_at && (
                  <Alert color="yellow" variant="light">
                    <span title={connection.status_message ?? undefined}>
                      {/* Re-check and the credential are an admin's: the others are told so. */}
                      {t(canManage ? 'integrations.pendingMessage' : 'integrations.pendingMessageReadOnly', {
                        name: entry.name,
                      })}
                    </span>
                  </Alert>
                )
              : connection.status_message && (
                  // The tool's own reason for refusing, as it gave it.
                  <Alert color={connection.status === 'INVALID' ? 'red' : 'yellow'} variant="light">
                    {connection.status_message}
                  </Alert>
                )}
            <Text size="sm" fw={600} c={connection.value_messaging_configured ? 'green' : 'dimmed'}>
              {connection.value_messaging_configured
                ? t('integrations.configured')
                : connection.status === 'VALID'
                  ? t('integrations.notConfigured')
                  : t('integrations.mapOnceValid', { name: entry.name })}
            </Text>
          </Stack>
        )}

        {showConnectForm && entry.auth === 'oauth' && !entry.oauth && (
          // No OAuth app is configured on this server: no button that can only fail.
          <Alert color="gray" variant="light" data-testid="oauth-not-configured">
            {t('integrations.oauth.notConfigured', { name: entry.name })}
          </Alert>
        )}

        {showConnectForm && entry.auth === 'oauth' && entry.oauth && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('integrations.oauth.hint', { name: entry.name })}
            </Text>
            <Group>
              <Button onClick={() => void consent.start()} loading={consent.state === 'waiting'}>
                {t('integrations.connect')}
              </Button>
            </Group>
            {consentStatus}
          </Stack>
        )}

        {showConnectForm && entry.auth !== 'oauth' && (
          // A form, so Enter in the token field connects as the button does.
          <Group
            component="form"
            align="flex-end"
            wrap="wrap"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              if (credential.trim().length >= 8 && !connect.isPending) submit();
            }}
          >
            <PasswordField
              ref={credentialInput}
              label={t(CREDENTIAL_LABEL[entry.type] ?? 'integrations.credential.api_key')}
              placeholder={t('integrations.credential.placeholder')}
              value={credential}
              onChange={(e) => {
                setCredential(e.currentTarget.value);
                connect.reset();
              }}
              error={connectError?.field === 'credential' ? connectError.message : undefined}
              // Connect waits for a whole key: while one is shorter, the field says why.
              description={
                credential.trim().length > 0 && credential.trim().length < 8
                  ? t('integrations.credential.tooShort')
                  : undefined
              }
              autoComplete="off"
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit" loading={connect.isPending} disabled={credential.trim().length < 8}>
              {t('integrations.connect')}
            </Button>
          </Group>
        )}
        {showConnectForm && connectError && connectError.field === null && (
          <Alert color="red" variant="light" role="alert">
            {connectError.message}
          </Alert>
        )}

        {showConnectForm && entry.auth !== 'oauth' && entry.oauth && (
          <Stack gap="xs">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('integrations.oauth.or', { name: entry.name })}
              </Text>
              <Button
                variant="default"
                size="xs"
                onClick={() => void consent.start()}
                loading={consent.state === 'waiting'}
              >
                {t('integrations.oauth.connectWith')}
              </Button>
            </Group>
            {consentStatus}
          </Stack>
        )}

        {canManage && connection && (
          <Group gap="xs">
            {replacing ? (
              <Button
                variant="default"
                size="xs"
                onClick={() => {
                  setReplacing(false);
                  setCredential('');
                  connect.reset();
                }}
              >
                {t('integrations.keepCredential')}
              </Button>
            ) : (
              <Button variant="default" size="xs" onClick={() => setReplacing(true)}>
                {t('integrations.replace')}
              </Button>
            )}
            <Button
              ref={recheckButton}
              variant="default"
              size="xs"
              loading={recheck.isPending}
              onClick={() =>
                recheck.mutate(entry.type, {
                  // Disabled while checking, the button had lost the keyboard to the page.
                  onSettled: () => refocusIfLost(() => recheckButton.current),
                  // Checked: what the tool said, so a re-check never ends in silence.
                  onSuccess: (result) =>
                    showSnackbar(
                      t('integrations.rechecked', {
                        name: entry.name,
                        status: t(statusKey(result)),
                      }),
                    ),
                  onError: () => showSnackbar(t('integrations.errors.recheck')),
                })
              }
            >
              {t('integrations.recheck')}
            </Button>
            <Button
              variant="light"
              color="red"
              size="xs"
              loading={disconnect.isPending}
              onClick={() => void disconnectAfterConfirming()}
            >
              {t('integrations.disconnect')}
            </Button>
          </Group>
        )}

        {canManage && connection?.status === 'VALID' && <FieldMappingsForm connection={connection} />}
      </Stack>
    </Card>
  );
}
