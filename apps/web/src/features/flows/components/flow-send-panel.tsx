import { Alert, Anchor, Button, Card, Group, Radio, Select, Stack, Text, Title } from '@mantine/core';
import type { DestinationType, FlowSummary, IntegrationType } from '@quarry/shared';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HelpLinkGroup, useHelpLinks } from '../../../components/help-links.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useIntegrations, useSequences } from '../../../lib/integrations.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useDownloadFlow } from '../api/download-flow.ts';
import { useSendFlow } from '../api/send-flow.ts';
import { SendFromSelect } from './send-from-select.tsx';

/**
 * Where the approved messages go, and Send. Download marks them delivered and hands over the CSV;
 * engagement sends them to a connected tool whose value message fields are mapped (issue #21), and
 * is shown disabled, with the way to connect one, while there is none. Sending again after a
 * partial failure sends only the messages that failed.
 */
export function FlowSendPanel({ flow, locked }: { flow: FlowSummary; locked: boolean }) {
  const { t } = useTranslation();
  const isAdmin = useAuthStore((s) => Boolean(s.user?.is_admin));
  const [destination, setDestination] = useState<DestinationType>('download');
  const integrations = useIntegrations();
  const tools = (integrations.data?.integrations ?? []).filter(
    ({ connection }) => connection?.status === 'VALID' && connection.value_messaging_configured,
  );
  // A tool connected but not ready says what it still needs, rather than "connect a tool" to the
  // admin who just did (its credential not yet accepted, or no subject and body mapped).
  const unready = (integrations.data?.integrations ?? []).find(({ connection }) => connection);
  const unavailable = !unready
    ? isAdmin
      ? t('flows.send.noTool')
      : t('flows.send.noToolAskAdmin')
    : !isAdmin
      ? t('flows.send.toolNotReadyAskAdmin', { name: unready.entry.name })
      : unready.connection?.status === 'VALID'
        ? t('flows.send.toolNotMapped', { name: unready.entry.name })
        : t('flows.send.toolNotVerified', { name: unready.entry.name });
  const [chosenTool, setChosenTool] = useState<IntegrationType | null>(null);
  const tool = chosenTool ?? flow.destination_integration ?? tools[0]?.entry.type ?? null;
  const toolName = tools.find((x) => x.entry.type === tool)?.entry.name ?? '';
  const sequences = useSequences(destination === 'engagement' ? tool : null);
  const [sequenceId, setSequenceId] = useState<string | null>(null);
  // Where the sequence sends from, where the tool asks for one; none chosen is the tool's default.
  const [mailboxId, setMailboxId] = useState<string | null>(null);
  const send = useSendFlow(flow.id);
  const help = useHelpLinks();
  const download = useDownloadFlow(flow.id);
  const nothingApproved = flow.approved_count === 0 && flow.delivery_failed_count === 0;
  const finalNote = flow.delivered_count === 0 && !nothingApproved && flow.status !== 'flow_completed';
  const finalNoteId = useId();

  function fetchCsv() {
    download.mutate();
  }

  function run() {
    const deliveredBefore = flow.delivered_count;
    const body =
      destination === 'engagement' && tool
        ? {
            destination,
            integration: tool,
            ...(sequenceId ? { sequence_id: sequenceId } : {}),
            ...(sequenceId && mailboxId ? { mailbox_id: mailboxId } : {}),
          }
        : { destination };
    send.mutate(body, {
      onSuccess: (sent) => {
        if (destination === 'engagement') {
          showSnackbar(t('flows.send.queued', { count: sent.approved_count, name: toolName }));
          return;
        }
        // The messages this send put in the CSV, not every one the flow delivered so far: downloaded,
        // not delivered, since no prospect was written to.
        showSnackbar(t('flows.send.downloaded', { count: sent.delivered_count - deliveredBefore }));
        fetchCsv();
      },
    });
  }

  return (
    <Card withBorder padding="md" data-testid="flow-send">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('flows.send.title')}
        </Title>
        <Radio.Group
          value={destination}
          onChange={(value) => setDestination(value as DestinationType)}
          label={t('flows.send.destination')}
        >
          <Stack gap={8} mt={6}>
            <Radio value="download" label={t('flows.destinationType.download')} />
            <Radio
              value="engagement"
              disabled={tools.length === 0}
              label={t('flows.destinationType.engagement')}
              description={
                tools.length === 0 ? (
                  <Anchor component={Link} to="/preferences/integrations" size="xs" data-testid="flow-send-no-tool">
                    {/* Only an admin connects tools: anyone else is told whom to ask. */}
                    {unavailable}
                  </Anchor>
                ) : undefined
              }
            />
          </Stack>
        </Radio.Group>
        {destination === 'engagement' && tools.length > 0 && (
          <Select
            label={t('flows.send.tool')}
            data={tools.map(({ entry }) => ({ value: entry.type, label: entry.name }))}
            value={tool}
            onChange={(value) => {
              setChosenTool(value as IntegrationType | null);
              setSequenceId(null);
              setMailboxId(null);
            }}
            allowDeselect={false}
            maw={280}
          />
        )}
        {destination === 'engagement' && (sequences.data?.length ?? 0) > 0 && (
          <Select
            label={t('flows.send.sequence')}
            placeholder={t('flows.send.noSequence')}
            data={(sequences.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            value={sequenceId}
            onChange={(value) => {
              setSequenceId(value);
              setMailboxId(null);
            }}
            clearable
            maw={280}
          />
        )}
        {destination === 'engagement' && sequenceId && tool && (
          <SendFromSelect tool={tool} toolName={toolName} value={mailboxId} onChange={setMailboxId} />
        )}
        {destination === 'engagement' && (
          <HelpLinkGroup links={[{ label: t('help.sequenceVariables'), href: help.sequence_variables }]} />
        )}
        {nothingApproved && (
          <Text size="sm" c="dimmed" data-testid="flow-send-hint">
            {/* Once every message went out there is nothing left to approve: said as such. */}
            {flow.status === 'flow_completed'
              ? // A CSV is downloaded, not sent: nobody was written to yet.
                t(flow.destination_type === 'download' ? 'flows.send.allDownloaded' : 'flows.send.allSent', {
                  count: flow.delivered_count,
                })
              : t('flows.errors.nothingApproved')}
          </Text>
        )}
        {/* Said before the first send, above its button and read with it, not found after it: Retry
            is refused once a message went out. */}
        {finalNote && (
          <Text size="xs" c="dimmed" data-testid="flow-send-final" id={finalNoteId}>
            {t('flows.send.noRetryAfter')}
          </Text>
        )}
        <Group gap="xs">
          {flow.status !== 'flow_completed' && (
            <Button
              aria-describedby={finalNote ? finalNoteId : undefined}
              leftSection={<IconSend size={16} />}
              onClick={run}
              loading={send.isPending}
              disabled={locked || nothingApproved || (destination === 'engagement' && !tool)}
            >
              {t('flows.send.button', { count: flow.approved_count + flow.delivery_failed_count })}
            </Button>
          )}
          {flow.delivered_count > 0 && flow.destination_type === 'download' && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={fetchCsv}
              loading={download.isPending}
            >
              {t('flows.send.downloadAgain')}
            </Button>
          )}
        </Group>
        {flow.destination_status === 'destination_failed' && (
          <Alert color="red" variant="light">
            {t('flows.send.failed')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
