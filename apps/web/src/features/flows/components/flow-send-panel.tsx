import { Alert, Anchor, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import type { DestinationType, FlowSummary } from '@quarry/shared';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useDownloadFlow } from '../api/download-flow.ts';
import { useSendFlow } from '../api/send-flow.ts';
import { flowErrorMessage } from '../utils/flow-error-message.ts';

/**
 * Where the approved messages go, and Send. Download marks them delivered and hands over the CSV;
 * engagement waits for the integrations and is shown disabled with the way to connect one.
 */
export function FlowSendPanel({ flow, locked }: { flow: FlowSummary; locked: boolean }) {
  const { t } = useTranslation();
  const [destination, setDestination] = useState<DestinationType>('download');
  const send = useSendFlow(flow.id);
  const download = useDownloadFlow(flow.id);
  const nothingApproved = flow.approved_count === 0;

  function fetchCsv() {
    download.mutate(undefined, { onError: (e) => showSnackbar(flowErrorMessage(e, t, 'flows.errors.download')) });
  }

  function run() {
    send.mutate(destination, {
      onSuccess: (sent) => {
        showSnackbar(t('flows.send.sent', { count: sent.delivered_count }));
        if (destination === 'download') fetchCsv();
      },
      onError: (e) => showSnackbar(flowErrorMessage(e, t, 'flows.errors.send')),
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
              disabled
              label={t('flows.destinationType.engagement')}
              description={
                <Anchor component={Link} to="/preferences/integrations" size="xs">
                  {t('flows.send.engagementHint')}
                </Anchor>
              }
            />
          </Stack>
        </Radio.Group>
        {nothingApproved && (
          <Text size="sm" c="dimmed">
            {t('flows.errors.nothingApproved')}
          </Text>
        )}
        <Group gap="xs">
          <Button
            leftSection={<IconSend size={16} />}
            onClick={run}
            loading={send.isPending}
            disabled={locked || nothingApproved}
          >
            {t('flows.send.button', { count: flow.approved_count })}
          </Button>
          {flow.delivered_count > 0 && (
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
