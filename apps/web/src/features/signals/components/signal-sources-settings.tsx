import {
  ActionIcon,
  Alert,
  Anchor,
  Autocomplete,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  SIGNAL_SOURCE_FAILING_AFTER,
  SIGNAL_SOURCE_KINDS,
  type SignalSource,
  type SignalSourceKind,
} from '@quarry/shared';
import { IconPlayerPause, IconPlayerPlay, IconRefresh, IconTrash, IconWorldSearch } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { fieldError } from '../../../lib/field-error.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useAccountChoices, useSignalSourceActions, useSignalSources } from '../api/signal-sources.ts';
import { shownStatus } from '../utils/shown-status.ts';
import { discoveryReasonText, signalReasonText } from '../utils/signal-reason-text.ts';

const STATUS_COLOR = { active: 'green', paused: 'gray', retrying: 'yellow', failing: 'red' } as const;

const BOARD_KINDS: readonly SignalSourceKind[] = ['greenhouse', 'lever', 'ashby'];

/**
 * Organization Settings → Signal sources (issue #18), for admins: the feeds, job boards and SEC
 * filing feeds Quarry reads every hour, each with its health, and a form to add one.
 */
export function SignalSourcesSettings() {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const list = useSignalSources();
  const sweep = list.data?.sweep;
  const discovery = list.data?.discovery;
  // "Find sources" asked on a day with no account in a territory or a list: said until asked again.
  const [nothingToDiscover, setNothingToDiscover] = useState(false);
  const actions = useSignalSourceActions();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const when = (value: string | null) => (value ? formatDateTime(value, language) : t('signals.never'));

  // The section's heading, where the keyboard goes on once a source (and the Delete it was on) is gone.
  const heading = useRef<HTMLHeadingElement>(null);
  const onRemove = async (source: SignalSource) => {
    const ok = await confirm({
      title: t('signals.remove.title'),
      message: t('signals.remove.message', { name: source.name }),
      danger: true,
      proceedLabel: t('signals.remove.proceed'),
    });
    if (!ok) return;
    await actions.remove.mutateAsync(source.id);
    heading.current?.focus();
    showSnackbar(t('signals.remove.done'));
  };

  // A source's cells, drawn as a table's row on a wide screen and as a card on a phone.
  const cellsOf = (source: SignalSource) => ({
    source: (
      <>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {source.name}
          </Text>
          {source.discovered && (
            <Tooltip label={t('signals.discoveredHint')}>
              <Badge size="xs" variant="outline" color="blue" data-testid="signal-source-discovered">
                {t('signals.discovered')}
              </Badge>
            </Tooltip>
          )}
        </Group>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {t(`signals.kind.${source.kind}`)} · {source.url}
        </Text>
      </>
    ),
    account: source.master_account_id ? (
      <Anchor component={Link} to={`/accounts/${encodeURIComponent(source.master_account_id)}`} size="sm">
        {source.account_name ?? source.master_account_id}
      </Anchor>
    ) : (
      <Text size="sm" c="dimmed">
        {t('signals.anyAccount')}
      </Text>
    ),
    status: <SourceStatus source={source} />,
    lastFetch: (
      <>
        <Text size="sm">{when(source.last_fetch_at)}</Text>
        <Text size="xs" c="dimmed">
          {t('signals.lastSuccess', { when: when(source.last_success_at) })}
        </Text>
        {/* When Quarry tries again, above all for a source that is retrying; a paused one is not read. */}
        {source.status !== 'paused' && source.next_fetch_at && (
          <Text size="xs" c="dimmed" data-testid="signal-source-next-fetch">
            {t('signals.nextFetch', { when: when(source.next_fetch_at) })}
          </Text>
        )}
      </>
    ),
    items: (
      <>
        <Text size="sm">{t('signals.itemsFound', { count: source.items_found })}</Text>
        <Text size="xs" c="dimmed">
          {t('signals.lastItems', { count: source.last_items_found })}
        </Text>
      </>
    ),
    lastError: (
      <Text size="xs" c={source.last_error ? 'red' : 'dimmed'} style={{ wordBreak: 'break-word' }}>
        {source.last_error ? sentenceCase(signalReasonText(source.last_error_reason, source.last_error)) : '—'}
      </Text>
    ),
    actions: (
      <Group gap={4} wrap="nowrap">
        {source.status === 'paused' ? (
          <Tooltip label={t('signals.resume')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('signals.resumeNamed', { name: source.name })}
              onClick={() => actions.setStatus.mutate({ id: source.id, status: 'active' })}
            >
              <IconPlayerPlay size={16} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Tooltip label={t('signals.pause')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('signals.pauseNamed', { name: source.name })}
              onClick={() => actions.setStatus.mutate({ id: source.id, status: 'paused' })}
            >
              <IconPlayerPause size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t('signals.remove.proceed')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('signals.removeNamed', { name: source.name })}
            onClick={() => void onRemove(source)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {t('signals.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('signals.intro')}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconWorldSearch size={16} />}
            loading={actions.discoverAll.isPending}
            onClick={async () => {
              const { has_accounts } = await actions.discoverAll.mutateAsync();
              setNothingToDiscover(!has_accounts);
              if (has_accounts) showSnackbar(t('signals.discoverAllQueued'));
            }}
          >
            {t('signals.discoverAll')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={actions.sweep.isPending}
            onClick={async () => {
              await actions.sweep.mutateAsync();
              showSnackbar(t('signals.sweepQueued'));
            }}
          >
            {t('signals.sweepNow')}
          </Button>
        </Group>
      </Group>
      {nothingToDiscover && (
        // Stays until the next try: a snackbar would be gone before the admin found Add Accounts.
        <Alert color="blue" data-testid="signal-discovery-no-accounts" role="status">
          <Text size="sm">
            {t('signals.discoverNoAccounts')}{' '}
            <Anchor component={Link} to="/upload" size="sm">
              {t('signals.openAddAccounts')}
            </Anchor>
          </Text>
        </Alert>
      )}
      {discovery && discovery.state !== 'idle' && (
        <Group gap="xs" role="status" data-testid="signal-discovery-progress">
          <Loader size="xs" />
          <Text size="sm">{t('signals.discoveryRunning')}</Text>
          {/* Progress over thousands of websites, so a long discovery is seen moving. */}
          {discovery.accounts_checked > 0 && (
            <Text size="sm" c="dimmed" data-testid="signal-discovery-count">
              {t('signals.discoveryProgress', { done: formatNumber(discovery.accounts_checked, language) })}
            </Text>
          )}
        </Group>
      )}
      {discovery && discovery.state === 'idle' && discovery.accounts_checked > 0 && (
        // What discovery found, so "Find sources" never ends in silence.
        <Text size="sm" c="dimmed" data-testid="signal-discovery-summary">
          {t('signals.discoverySummary', {
            count: discovery.accounts_checked,
            accounts: formatNumber(discovery.accounts_checked, language),
            withSources: formatNumber(discovery.accounts_with_sources, language),
            found: formatNumber(discovery.sources_found, language),
          })}
          {discovery.accounts_unreadable > 0 &&
            ` ${t('signals.discoveryUnreadable', {
              count: discovery.accounts_unreadable,
              accounts: formatNumber(discovery.accounts_unreadable, language),
            })}`}
          {/* Not one site read: more likely this server cannot reach the web than every site being down. */}
          {discovery.accounts_unreadable === discovery.accounts_checked && ` ${t('signals.discoveryNoneRead')}`}
        </Text>
      )}
      {sweep && sweep.state !== 'idle' && (
        <Group gap="xs" role="status" data-testid="signal-sweep-progress">
          <Loader size="xs" />
          <Text size="sm">
            {sweep.state === 'queued' ? t('signals.sweepWaiting', { count: sweep.due }) : t('signals.sweepRunning')}
          </Text>
        </Group>
      )}
      <AddSourceForm />
      {list.isPending ? (
        <Skeleton h={120} />
      ) : list.isError ? (
        <Alert color="red">{t('errors.generic')}</Alert>
      ) : list.data.sources.length === 0 ? (
        <Text c="dimmed">{t('signals.empty')}</Text>
      ) : phone ? (
        <Stack gap="sm">
          {list.data.sources.map((source) => {
            const cells = cellsOf(source);
            return (
              <Card key={source.id} withBorder padding="sm" data-testid="signal-source-row">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>{cells.source}</div>
                  {cells.actions}
                </Group>
                <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mt="xs">
                  {(['account', 'status', 'lastFetch', 'items'] as const).map((column) => (
                    <div key={column} style={{ minWidth: 0 }}>
                      <Text size="xs" c="dimmed">
                        {t(`signals.column.${column}`)}
                      </Text>
                      {cells[column]}
                    </div>
                  ))}
                </SimpleGrid>
                {source.last_error && (
                  <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
                    <Text size="xs" c="dimmed">
                      {t('signals.column.lastError')}
                    </Text>
                    {cells.lastError}
                  </div>
                )}
              </Card>
            );
          })}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label={t('signals.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('signals.column.source')}</Table.Th>
                <Table.Th>{t('signals.column.account')}</Table.Th>
                <Table.Th>{t('signals.column.status')}</Table.Th>
                <Table.Th>{t('signals.column.lastFetch')}</Table.Th>
                <Table.Th>{t('signals.column.items')}</Table.Th>
                <Table.Th>{t('signals.column.lastError')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.sources.map((source) => {
                const cells = cellsOf(source);
                return (
                  <Table.Tr key={source.id} data-testid="signal-source-row">
                    <Table.Td>{cells.source}</Table.Td>
                    <Table.Td>{cells.account}</Table.Td>
                    <Table.Td>{cells.status}</Table.Td>
                    <Table.Td>{cells.lastFetch}</Table.Td>
                    <Table.Td>{cells.items}</Table.Td>
                    <Table.Td>{cells.lastError}</Table.Td>
                    <Table.Td>{cells.actions}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The source's status badge; a source retrying after a failed read says how far it is from failing. */
function SourceStatus({ source }: { source: SignalSource }) {
  const { t } = useTranslation();
  const status = shownStatus(source);
  const badge = (
    // Never shortened to "ACTI…" by a long error beside it.
    <Badge color={STATUS_COLOR[status]} variant="light" miw="max-content" data-testid="signal-source-status">
      {t(`signals.status.${status}`)}
    </Badge>
  );
  if (status !== 'retrying' || source.failure_count === 0) return badge;
  return (
    <Stack gap={2} align="flex-start">
      {badge}
      <Text size="xs" c="dimmed">
        {t('signals.retryingHint', {
          count: Math.min(source.failure_count, SIGNAL_SOURCE_FAILING_AFTER),
          limit: SIGNAL_SOURCE_FAILING_AFTER,
        })}
      </Text>
    </Stack>
  );
}

const FIELDS = ['kind', 'url', 'board_token', 'name', 'master_account_id'] as const;

function AddSourceForm() {
  const { t } = useTranslation();
  const { add, discover } = useSignalSourceActions();
  const oneAtATime = useOneAtATime();
  const [kind, setKind] = useState<SignalSourceKind>('feed');
  const [url, setUrl] = useState('');
  const [boardToken, setBoardToken] = useState('');
  const [name, setName] = useState('');
  const [accountQuery, setAccountQuery] = useState('');
  const [account, setAccount] = useState<{ id: string; name: string } | null>(null);
  const choices = useAccountChoices(accountQuery);
  const isBoard = BOARD_KINDS.includes(kind);
  const error = add.error ? fieldError(add.error, FIELDS, t('errors.generic')) : null;
  const errorFor = (field: (typeof FIELDS)[number]) => (error?.field === field ? error.message : undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // A job board's name typed where its address goes ("acme" for boards.greenhouse.io/acme) is
    // taken as the name: the label offers either, so either place works.
    const bareName = isBoard && !boardToken.trim() && /^[\w-]+$/.test(url.trim());
    const board = bareName ? url.trim() : boardToken.trim();
    const body = {
      kind,
      ...(url.trim() && !bareName ? { url: url.trim() } : {}),
      ...(isBoard && board ? { board_token: board } : {}),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(account ? { master_account_id: account.id } : {}),
    };
    // A double click sent the source twice: the second answered "already watched" under the emptied field.
    oneAtATime((settled) =>
      add.mutate(body, {
        onSuccess: () => {
          setUrl('');
          setBoardToken('');
          setName('');
          setAccount(null);
          setAccountQuery('');
          showSnackbar(t('signals.add.done'));
        },
        // Refused, the keyboard goes to the field that says why, not left on Add source.
        // (Drawn on the next render: looked for then.)
        onError: () => requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()),
        onSettled: settled,
      }),
    );
  };

  return (
    <form onSubmit={onSubmit} aria-label={t('signals.add.title')}>
      <Stack gap="sm">
        <Title order={3}>{t('signals.add.title')}</Title>
        {/* One field a line on a phone: side by side, "News feed (RSS)" was cut to "News feed (F". */}
        <SimpleGrid cols={{ base: 1, sm: isBoard ? 3 : 2 }}>
          <Select
            label={t('signals.add.kind')}
            data={SIGNAL_SOURCE_KINDS.map((k) => ({ value: k, label: t(`signals.kind.${k}`) }))}
            value={kind}
            onChange={(v) => {
              if (!v) return;
              setKind(v as SignalSourceKind);
              // A refusal of the other kind's fields no longer applies.
              add.reset();
            }}
            allowDeselect={false}
            error={errorFor('kind')}
          />
          <TextInput
            label={isBoard ? t('signals.add.urlOptional') : t('signals.add.url')}
            // Which address an SEC source reads is not guessable: an example, and the way to let Quarry find it.
            description={kind === 'sec' ? t('signals.add.secUrlHint') : undefined}
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={errorFor('url')}
          />
          {isBoard && (
            <TextInput
              label={t('signals.add.boardToken')}
              description={t('signals.add.boardTokenHint')}
              value={boardToken}
              onChange={(e) => setBoardToken(e.currentTarget.value)}
              error={errorFor('board_token')}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('signals.add.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errorFor('name')}
          />
          <Autocomplete
            label={t('signals.add.account')}
            description={t('signals.add.accountHint')}
            value={account ? account.name : accountQuery}
            onChange={(value) => {
              // Choosing an option also writes its label here, right after onOptionSubmit: the
              // account just chosen stays chosen; typing anything else unbinds it.
              setAccount((current) => (current && current.name === value ? current : null));
              setAccountQuery(value);
            }}
            onOptionSubmit={(id) => {
              const hit = choices.data?.find((h) => h.master_account_id === id);
              if (hit) setAccount({ id: hit.master_account_id, name: hit.account_name });
            }}
            data={(choices.data ?? []).map((h) => ({ value: h.master_account_id, label: h.account_name }))}
            filter={({ options }) => options}
            error={errorFor('master_account_id')}
          />
        </SimpleGrid>
        {error && error.field === null && <Alert color="red">{error.message}</Alert>}
        <Group>
          <Button type="submit" loading={add.isPending}>
            {t('signals.add.submit')}
          </Button>
          <Button
            variant="default"
            disabled={!account}
            loading={discover.isPending}
            onClick={async () => {
              if (!account) return;
              const result = await discover.mutateAsync(account.id).catch(() => null);
              if (!result) return showSnackbar(t('errors.generic'));
              showSnackbar(
                result.added.length > 0
                  ? t('signals.discover.found', { count: result.added.length, name: account.name })
                  : t('signals.discover.none', { name: account.name, reason: discoveryReasonText(result) }),
              );
            }}
          >
            {t('signals.discover.button')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A reason standing alone in its column reads as a sentence: its first letter in capitals. */
function sentenceCase(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
