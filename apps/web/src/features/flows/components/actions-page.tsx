import {
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { FLOW_STATUSES, FLOW_TYPES, FLOWS_HIDDEN_AFTER_DAYS, type FlowStatus, type FlowType } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HelpLinkGroup, useHelpLinks } from '../../../components/help-links.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { type FlowsFilter, useFlows } from '../api/get-flows.ts';
import { FlowRow } from './flow-row.tsx';

const TABLE_MIN_WIDTH = 960;
/** Placeholder rows while the flows load. */
const SKELETON_ROWS = ['first', 'second', 'third', 'fourth'];

/**
 * /actions: the flows the user may see (their own; a manager's or admin's whole company), newest
 * first, filtered by status and type. Flows older than 30 days are left out until "Show older".
 */
export function ActionsPage() {
  const { t } = useTranslation();
  // A phone shows three columns, the rest folded into them, rather than a table to scroll sideways.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  // The filter is in the address: Back from a flow, or a reload, returns to it.
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const typeParam = params.get('type');
  const filter: FlowsFilter = {
    status: (FLOW_STATUSES as readonly string[]).includes(statusParam ?? '') ? (statusParam as FlowStatus) : null,
    type: (FLOW_TYPES as readonly string[]).includes(typeParam ?? '') ? (typeParam as FlowType) : null,
    includeOlder: params.get('older') === '1',
  };
  const setFilter = (next: FlowsFilter) => {
    const out = new URLSearchParams();
    if (next.status) out.set('status', next.status);
    if (next.type) out.set('type', next.type);
    if (next.includeOlder) out.set('older', '1');
    setParams(out, { replace: true });
  };
  const flows = useFlows(filter);
  const help = useHelpLinks();
  const filtered = filter.status !== null || filter.type !== null;
  const hidden = flows.data?.hidden_older_count ?? 0;

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t('screens.actions.title')}</Title>
        <Text c="dimmed">{t('screens.actions.description')}</Text>
        <HelpLinkGroup
          links={[
            { label: t('help.actions'), href: help.actions },
            { label: t('help.actionsRequest'), href: help.actions_request },
          ]}
        />
      </div>
      <Group gap="sm" align="flex-end">
        <Select
          label={t('flows.list.status')}
          placeholder={t('flows.list.allStatuses')}
          data={FLOW_STATUSES.map((s) => ({ value: s, label: t(`flows.status.${s}`) }))}
          value={filter.status}
          onChange={(value) => setFilter({ ...filter, status: value as FlowStatus | null })}
          clearable
          allowDeselect={false}
          w={220}
        />
        <Select
          label={t('flows.list.type')}
          placeholder={t('flows.list.allTypes')}
          data={FLOW_TYPES.map((type) => ({ value: type, label: t(`flows.type.${type}`) }))}
          value={filter.type}
          onChange={(value) => setFilter({ ...filter, type: value as FlowType | null })}
          clearable
          allowDeselect={false}
          w={220}
        />
        <Stack gap={2} pb={6}>
          <Switch
            label={t('flows.list.showOlder', { days: FLOWS_HIDDEN_AFTER_DAYS })}
            checked={filter.includeOlder}
            onChange={(e) => setFilter({ ...filter, includeOlder: e.currentTarget.checked })}
          />
          {!filter.includeOlder && hidden > 0 && (
            <Text size="xs" c="dimmed" data-testid="flows-hidden-older">
              {t('flows.list.hiddenOlder', { count: hidden, days: FLOWS_HIDDEN_AFTER_DAYS })}
            </Text>
          )}
        </Stack>
      </Group>

      {flows.isError && (
        <RetryAlert
          message={t('flows.errors.list')}
          retryLabel={t('flows.list.tryAgain')}
          onRetry={() => void flows.refetch()}
        />
      )}
      {flows.isPending && (
        <Stack gap="xs" aria-busy="true" data-testid="flows-loading">
          {SKELETON_ROWS.map((row) => (
            <Skeleton key={row} h={48} />
          ))}
        </Stack>
      )}
      {flows.isSuccess && flows.data.flows.length === 0 && (
        <Card withBorder padding="lg" data-testid="flows-empty">
          {filtered ? (
            <Text c="dimmed">{t('flows.list.emptyFiltered')}</Text>
          ) : (
            <Stack gap="xs" align="flex-start">
              <Text fw={600}>{t('flows.list.empty')}</Text>
              <Text size="sm" c="dimmed">
                {t('flows.list.emptyHelp')}
              </Text>
              <Button
                component={Link}
                to="/"
                variant="light"
                size="xs"
                // A long translation ("Aller aux correspondances de valeur") wraps inside the button
                // instead of running past the card on a phone.
                maw="100%"
                h="auto"
                mih={30}
                styles={{ label: { whiteSpace: 'normal', paddingBlock: 4 } }}
              >
                {t('flows.list.goToValueMatch')}
              </Button>
            </Stack>
          )}
        </Card>
      )}
      {flows.isSuccess && flows.data.flows.length > 0 && (
        <Table.ScrollContainer minWidth={phone ? 0 : TABLE_MIN_WIDTH}>
          <Table striped highlightOnHover aria-busy={flows.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('flows.list.type')}</Table.Th>
                {!phone && <Table.Th>{t('flows.list.accounts')}</Table.Th>}
                <Table.Th>{t('flows.list.status')}</Table.Th>
                {!phone && (
                  <>
                    <Table.Th>{t('flows.list.destination')}</Table.Th>
                    <Table.Th>{t('flows.list.initiatedBy')}</Table.Th>
                    <Table.Th>{t('flows.list.created')}</Table.Th>
                  </>
                )}
                <Table.Th w={48}>
                  <VisuallyHidden>{t('flows.list.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {flows.data.flows.map((flow) => (
                <FlowRow key={flow.id} flow={flow} compact={phone} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
