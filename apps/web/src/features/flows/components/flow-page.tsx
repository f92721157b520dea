import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type FlowDetail, isFlowInProgress, isFlowOpenable } from '@quarry/shared';
import { IconArrowLeft, IconChecks } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AlertPageTitle } from '../../../components/alert-page-title.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { ViaSupportBadge } from '../../../components/via-support-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useApproveAllFlowMessages } from '../api/approve-all-flow-messages.ts';
import { useFlow } from '../api/get-flow.ts';
import { accountNamesText } from '../utils/account-names-text.ts';
import { flowProgressText } from '../utils/flow-progress-text.ts';
import { groupMessagesByAccount } from '../utils/group-messages-by-account.ts';
import { DeleteFlowButton } from './delete-flow-button.tsx';
import { FlowMessageCard } from './flow-message-card.tsx';
import { FlowSendPanel } from './flow-send-panel.tsx';
import { FlowStatusBadge } from './flow-status-badge.tsx';
import { FlowTypeLabel } from './flow-type-label.tsx';
import { FlowWaiting } from './flow-waiting.tsx';
import { RetryFlowButton } from './retry-flow-button.tsx';

function BackToActions() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/actions" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {t('flows.page.back')}
      </Group>
    </Anchor>
  );
}

/**
 * /action/:flowId: one flow. While it cannot be opened it shows its progress and why (polling);
 * once ready, each account's contacts with their messages, editable, with the evidence beside
 * them, approval, Retry and Send.
 */
export function FlowPage() {
  const { t } = useTranslation();
  const { flowId = '' } = useParams();
  const query = useFlow(flowId);

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true" data-testid="flow-loading">
        <Skeleton h={32} w={320} />
        <Skeleton h={160} />
        <Skeleton h={160} />
      </Stack>
    );
  }
  if (query.isError) {
    const error = query.error;
    const notReady = error instanceof ApiError && error.code === 'flow_not_ready';
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <Stack gap="md" align="flex-start">
        <BackToActions />
        <Alert color={notReady ? 'blue' : 'red'} role="alert" w="100%">
          <Group justify="space-between">
            <AlertPageTitle>
              {notReady ? t('flows.closed.inProgress') : notFound ? t('flows.errors.notFound') : t('flows.errors.get')}
            </AlertPageTitle>
            {!notReady && !notFound && (
              <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
                {t('flows.list.tryAgain')}
              </Button>
            )}
          </Group>
        </Alert>
      </Stack>
    );
  }
  return <FlowView detail={query.data} />;
}

function FlowView({ detail }: { detail: FlowDetail }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const navigate = useNavigate();
  const { flow, messages } = detail;
  const approveAll = useApproveAllFlowMessages(flow.id);
  const openable = isFlowOpenable(flow.status);
  const locked = isFlowInProgress(flow.status);
  const approvable = messages.filter((m) => m.status === 'generated' && m.email_usable).length;
  // Messages holding the reader's unsaved text: leaving the page asks first, as every editor does.
  const [unsavedIds, setUnsavedIds] = useState<ReadonlySet<string>>(() => new Set());
  const markUnsaved = useCallback((messageId: string, unsaved: boolean) => {
    setUnsavedIds((current) => {
      if (current.has(messageId) === unsaved) return current;
      const next = new Set(current);
      if (unsaved) next.add(messageId);
      else next.delete(messageId);
      return next;
    });
  }, []);
  useUnsavedChangesGuard(unsavedIds.size > 0, () => ({
    title: t('flows.page.unsavedTitle'),
    message: t('flows.page.unsavedMessage', { count: unsavedIds.size }),
    proceedLabel: t('flows.page.leaveUnsaved'),
  }));

  return (
    <Stack gap="lg">
      <BackToActions />
      <Group justify="space-between" align="flex-start">
        <Stack gap={6}>
          <FlowTypeLabel type={flow.type} heading />
          <Text c="dimmed">{accountNamesText(flow.account_names, flow.account_count, t)}</Text>
          <Group gap="xs">
            <FlowStatusBadge status={flow.status} />
            <Text size="sm" c="dimmed" data-testid="flow-progress">
              {flowProgressText(flow, t)}
            </Text>
          </Group>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {t('flows.page.initiated', {
                name: flow.initiated_by.display_name,
                date: formatDate(flow.created, language, 'sentence'),
              })}
            </Text>
            {flow.initiated_via_support && <ViaSupportBadge name={flow.initiated_by.display_name} />}
          </Group>
        </Stack>
        {openable && (
          <Group gap="xs">
            {/* Every message sent: nothing is left to approve. */}
            {flow.status !== 'flow_completed' && (
              <Button
                leftSection={<IconChecks size={16} />}
                variant="light"
                disabled={locked || approvable === 0}
                loading={approveAll.isPending}
                onClick={() =>
                  approveAll.mutate(undefined, {
                    onSuccess: () => showSnackbar(t('flows.page.approvedAll')),
                  })
                }
              >
                {t('flows.page.approveAll', { count: approvable })}
              </Button>
            )}
            <RetryFlowButton flow={flow} />
            {/* Deleted from its own page too: on a tablet the Actions table had kept its delete
                button off the screen. */}
            <DeleteFlowButton
              flow={flow}
              label={`${t(`flows.type.${flow.type}`)}: ${accountNamesText(flow.account_names, flow.account_count, t)}`}
              onDeleted={() => navigate('/actions')}
            />
          </Group>
        )}
      </Group>

      {!openable ? (
        <FlowWaiting flow={flow} />
      ) : (
        <>
          <FlowSendPanel flow={flow} locked={locked} />
          {groupMessagesByAccount(messages).map((group) => (
            <Stack key={group.masterAccountId} gap="sm" data-testid="flow-account">
              <Title order={2} size="h4">
                {group.accountName}
              </Title>
              {group.messages.map((m) => (
                <FlowMessageCard
                  key={m.id}
                  flowId={flow.id}
                  flowType={flow.type}
                  message={m}
                  locked={locked}
                  language={language}
                  // The flow's last message is not taken out: the flow is deleted instead.
                  removable={messages.length > 1}
                  downloaded={flow.destination_type === 'download'}
                  onUnsavedChange={markUnsaved}
                />
              ))}
            </Stack>
          ))}
        </>
      )}
    </Stack>
  );
}
