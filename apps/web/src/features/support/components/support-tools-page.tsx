import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SupportUser } from '@quarry/shared';
import { SEARCH_DEBOUNCE_MS } from '@quarry/shared/constants';
import { IconSearch, IconSpeakerphone, IconUserShield } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { isServiceAccountEmail } from '../../../lib/service-account.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useSupportUser } from '../api/get-support-user.ts';
import { useSupportUsers } from '../api/search-support-users.ts';

type Props = {
  /** Starts impersonating; rejects with the server's refusal. */
  onImpersonate: (user: SupportUser, reason: string) => Promise<void>;
  /** Already impersonating: a new one would nest, so starting is offered only after Stop. */
  impersonating: boolean;
};

function useLastSignIn() {
  const { t } = useTranslation();
  const language = useUiLanguage();
  return (at: string | null) => (at ? formatDate(at, language) : t('support.never'));
}

function Roles({ user }: { user: SupportUser }) {
  const { t } = useTranslation();
  if (!user.roles.length && isServiceAccountEmail(user.email)) {
    return (
      <Badge size="sm" variant="light" color="gray">
        {t('settings.serviceAccount')}
      </Badge>
    );
  }
  if (!user.roles.length) return <Text size="sm">{t('support.roles.regular')}</Text>;
  return (
    <Group gap={4}>
      {user.roles.map((role) => (
        <Badge key={role} size="sm" variant="light" color={role === 'support' ? 'orange' : 'blue'}>
          {t(`support.roles.${role}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** The chosen user (uid in the URL) and the reason the support engineer must give to act as them. */
function SelectedUser({
  uid,
  onImpersonate,
  impersonating,
  focusReason,
}: Props & { uid: string; focusReason: boolean }) {
  const { t } = useTranslation();
  const lastSignIn = useLastSignIn();
  const user = useSupportUser(uid);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  // Chosen from the table with Enter, the next thing to write is the reason: the focus goes there
  // (it stayed on the row, below the card, and Reason was a Shift+Tab climb away).
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const loadedUid = user.data?.uid;
  useEffect(() => {
    if (loadedUid && focusReason) reasonField.current?.focus();
  }, [loadedUid, focusReason]);

  if (user.isPending) return <Loader size="sm" />;
  if (user.isError) {
    const missing = user.error instanceof ApiError && user.error.status === 404;
    return (
      <Alert color="red" data-testid="support-user-error">
        {missing ? t('support.userNotFound') : t('errors.generic')}
      </Alert>
    );
  }
  const target = user.data;
  const isSupportAccount = target.roles.includes('support');

  async function start() {
    setStarting(true);
    setRefusal(null);
    try {
      await onImpersonate(target, reason.trim());
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.message : t('errors.generic'));
      setStarting(false);
    }
  }

  return (
    <Card withBorder data-testid="support-selected-user">
      <Stack gap="xs">
        <Group justify="space-between">
          <div>
            <Text fw={600}>{target.display_name}</Text>
            <Text size="sm" c="dimmed">
              {target.email}
            </Text>
          </div>
          <Roles user={target} />
        </Group>
        <Text size="sm">
          {t('common.labelled', { label: t('support.company') })}
          {target.tenant_name} ({target.tenant_id})
        </Text>
        <Text size="sm">
          {t('common.labelled', { label: t('support.lastSignIn') })}
          {lastSignIn(target.last_login_at)}
        </Text>
        {isSupportAccount ? (
          <Text size="sm" c="dimmed">
            {t('support.selfRefused')}
          </Text>
        ) : impersonating ? (
          <Text size="sm" c="dimmed">
            {t('support.stopFirst')}
          </Text>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void start();
            }}
          >
            <Stack gap="xs">
              <Textarea
                ref={reasonField}
                label={t('support.reason')}
                description={t('support.reasonHelp')}
                required
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
              {refusal && <Alert color="red">{refusal}</Alert>}
              <Group>
                <Button
                  type="submit"
                  color="orange"
                  leftSection={<IconUserShield size={16} />}
                  disabled={!reason.trim()}
                  loading={starting}
                >
                  {t('support.impersonate')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}

/** /support-impersonation: find a user of any tenant and act as them, with a reason. */
export function SupportToolsPage(props: Props) {
  const { t } = useTranslation();
  const lastSignIn = useLastSignIn();
  const [params, setParams] = useSearchParams();
  const uid = params.get('uid');
  // The user just chosen in the table, not one a link or a reload opened: only then does the
  // focus move on to Reason.
  const chosen = useRef<string | null>(null);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const users = useSupportUsers(q);

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('screens.supportTools.title')}</Title>
          <Text c="dimmed">{t('screens.supportTools.description')}</Text>
        </div>
        {!props.impersonating && (
          <Button component={Link} to="/support-alerts" variant="light" leftSection={<IconSpeakerphone size={16} />}>
            {t('alertsAdmin.title')}
          </Button>
        )}
      </Group>
      {uid && <SelectedUser key={uid} uid={uid} focusReason={chosen.current === uid} {...props} />}
      <TextInput
        leftSection={<IconSearch size={16} />}
        label={t('support.search')}
        placeholder={t('support.searchPlaceholder')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        rightSection={users.isFetching ? <Loader size="xs" /> : null}
        // 420 px where there is room, the screen's width on a phone.
        w="100%"
        maw={420}
      />
      {users.isError && <Alert color="red">{t('errors.generic')}</Alert>}
      {users.isSuccess && users.data.length === 0 ? (
        <Text c="dimmed">{t('support.noResults')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover aria-busy={users.isFetching} data-testid="support-users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('support.name')}</Table.Th>
                <Table.Th>{t('support.email')}</Table.Th>
                <Table.Th>{t('support.company')}</Table.Th>
                <Table.Th>{t('support.rolesLabel')}</Table.Th>
                <Table.Th>{t('support.lastSignIn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(users.data ?? []).map((user) => (
                <Table.Tr key={user.uid} bg={user.uid === uid ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Table.Td>
                    <UnstyledButton
                      // The chosen row's name in the text colour: the link blue on its blue read at
                      // 4.06:1, below WCAG AA.
                      c={user.uid === uid ? 'var(--mantine-color-text)' : 'blue'}
                      fw={user.uid === uid ? 700 : 500}
                      onClick={() => {
                        chosen.current = user.uid;
                        setParams({ uid: user.uid });
                      }}
                      aria-label={t('support.choose', { name: user.display_name })}
                    >
                      {user.display_name}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.tenant_name}</Table.Td>
                  <Table.Td>
                    <Roles user={user} />
                  </Table.Td>
                  <Table.Td>{lastSignIn(user.last_login_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
