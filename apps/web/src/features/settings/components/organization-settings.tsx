import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { CompanyConfiguration, Member } from '@quarry/shared';
import { PROVIDER_NAME } from '@quarry/shared/constants';
import { IconMail, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useInvitations, useMembers, useOrganizationActions } from '../api/organization.ts';
import classes from './invite-form.module.css';

const PREFERENCE_SCREENS = [
  { to: '/preferences/qualificationsignals', key: 'qualificationSignals' },
  { to: '/preferences/titles', key: 'titles' },
  { to: '/preferences/triggers', key: 'triggers' },
  { to: '/preferences/email', key: 'emailPreferences' },
  { to: '/preferences/integrations', key: 'integrations' },
] as const;

/**
 * Organization settings for admins and managers: the company, its members and their roles,
 * invitations, and the organization-level preference screens. Only admins change anything.
 */
export function OrganizationSettings({
  configuration,
  isAdmin,
  currentUid,
}: {
  configuration: CompanyConfiguration | null;
  isAdmin: boolean;
  currentUid: string;
}) {
  const { t } = useTranslation();
  if (!configuration) {
    return <Alert color="red">{t('settings.noTenantConfiguration', { provider: PROVIDER_NAME })}</Alert>;
  }
  return (
    <Stack gap="xl">
      <Title order={2} size="h3">
        {configuration.company_name}
      </Title>
      <Members isAdmin={isAdmin} currentUid={currentUid} />
      {isAdmin && <Invitations />}
      <Stack gap={6}>
        <Title order={3} size="h4">
          {t('organization.preferenceScreens')}
        </Title>
        <Group gap="md">
          {PREFERENCE_SCREENS.map((s) => (
            <Anchor key={s.to} component={Link} to={s.to}>
              {t(`screens.${s.key}.title`)}
            </Anchor>
          ))}
        </Group>
      </Stack>
    </Stack>
  );
}

function Members({ isAdmin, currentUid }: { isAdmin: boolean; currentUid: string }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const members = useMembers();
  const { setRoles } = useOrganizationActions();
  if (members.isPending) return <Skeleton h={160} />;
  if (members.isError) return <Alert color="red">{t('errors.generic')}</Alert>;
  const admins = members.data.filter((m) => m.is_admin).length;

  async function change(member: Member, roles: { is_admin: boolean; is_manager: boolean }) {
    // Admin rights change what someone may do to the whole organization: ask before either way.
    if (roles.is_admin !== member.is_admin) {
      const ok = await confirm({
        title: t(roles.is_admin ? 'organization.grantAdminTitle' : 'organization.revokeAdminTitle', {
          name: member.display_name,
        }),
        message: t(roles.is_admin ? 'organization.grantAdminMessage' : 'organization.revokeAdminMessage', {
          name: member.display_name,
        }),
        proceedLabel: t(roles.is_admin ? 'organization.grantAdmin' : 'organization.revokeAdmin'),
        danger: !roles.is_admin,
      });
      if (!ok) return;
    }
    setRoles.mutate(
      { uid: member.uid, roles },
      {
        onSuccess: () => showSnackbar(t('organization.rolesSaved', { name: member.display_name })),
      },
    );
  }

  /**
   * A role someone may change is a switch; anywhere else it is text, because a disabled switch
   * that is on looks like one that is off (a manager could not tell who is an admin).
   */
  const roleCell = (member: Member, role: 'is_admin' | 'is_manager', label: string) => {
    const lastAdmin = role === 'is_admin' && member.is_admin && admins <= 1;
    const readOnly = !isAdmin || member.is_service_account || lastAdmin;
    if (readOnly) {
      const text = member[role] ? (
        <Badge variant="light" tt="none" data-role={role}>
          {label}
        </Badge>
      ) : (
        <Text size="sm" c="dimmed" data-role={role}>
          {t('organization.noRole')}
        </Text>
      );
      return lastAdmin && isAdmin ? (
        <Tooltip label={t('organization.lastAdmin')}>
          <span>{text}</span>
        </Tooltip>
      ) : (
        text
      );
    }
    return (
      <Switch
        checked={member[role]}
        disabled={setRoles.isPending}
        aria-label={t('organization.roleFor', { role: label, name: member.display_name })}
        onChange={(e) =>
          change(member, { is_admin: member.is_admin, is_manager: member.is_manager, [role]: e.currentTarget.checked })
        }
      />
    );
  };

  return (
    <Stack gap={6}>
      <Title order={3} size="h4">
        {t('settings.members')}
      </Title>
      {!isAdmin && (
        <Text size="sm" c="dimmed">
          {t('organization.adminsOnly')}
        </Text>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.name')}</Table.Th>
              <Table.Th>{t('settings.email')}</Table.Th>
              <Table.Th>{t('organization.admin')}</Table.Th>
              <Table.Th>{t('organization.manager')}</Table.Th>
              <Table.Th>{t('organization.lastSignIn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.data.map((m) => (
              <Table.Tr key={m.uid}>
                <Table.Td>
                  {m.display_name}
                  {m.uid === currentUid && (
                    <Text span c="dimmed" size="sm">
                      {' '}
                      ({t('organization.you')})
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {m.email}{' '}
                  {m.is_service_account && (
                    <Badge size="xs" variant="light">
                      {t('settings.serviceAccount')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{roleCell(m, 'is_admin', t('organization.admin'))}</Table.Td>
                <Table.Td>{roleCell(m, 'is_manager', t('organization.manager'))}</Table.Td>
                <Table.Td>{m.last_login_at ? formatDate(m.last_login_at, language) : t('organization.never')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The invite form's inputs as the API names them. */
const INVITE_FIELDS = ['email', 'display_name'] as const;
type InviteErrors = Partial<Record<(typeof INVITE_FIELDS)[number] | 'form', string>>;

function Invitations() {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const invitations = useInvitations();
  const { invite, revoke } = useOrganizationActions();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<InviteErrors>({});

  function clearError(field: keyof InviteErrors) {
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function send() {
    setErrors({});
    invite.mutate(
      { email, display_name: name },
      {
        onSuccess: (inv) => {
          showSnackbar(t('organization.invited', { email: inv.email }));
          setEmail('');
          setName('');
        },
        onError: (e) => {
          const { field, message } = fieldError(e, INVITE_FIELDS, t('errors.generic'));
          // The one refusal an admin meets in normal use is said in their language.
          const shown =
            e instanceof ApiError && e.status === 409 && field === 'email' ? t('organization.emailTaken') : message;
          setErrors(field ? { [field]: shown } : { form: shown });
        },
      },
    );
  }

  async function cancel(id: string, address: string) {
    const ok = await confirm({
      title: t('organization.revokeTitle'),
      message: t('organization.revokeMessage', { email: address }),
      proceedLabel: t('organization.revoke'),
      danger: true,
    });
    if (ok) revoke.mutate(id, { onSuccess: () => showSnackbar(t('organization.revoked', { email: address })) });
  }

  return (
    <Stack gap={6}>
      <Title order={3} size="h4">
        {t('organization.invite')}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <div className={classes.row}>
          <TextInput
            className={classes.field}
            type="email"
            label={t('organization.inviteEmail')}
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              clearError('email');
            }}
            error={errors.email}
            required
          />
          <TextInput
            className={classes.field}
            label={t('settings.displayName')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              clearError('display_name');
            }}
            error={errors.display_name}
            required
          />
          <Button
            className={classes.button}
            type="submit"
            leftSection={<IconMail size={16} />}
            loading={invite.isPending}
          >
            {t('organization.sendInvite')}
          </Button>
        </div>
      </form>
      {errors.form && (
        <Alert color="red" role="alert">
          {errors.form}
        </Alert>
      )}
      {invitations.data && invitations.data.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('organization.pending')}</Table.Th>
              <Table.Th>{t('organization.expires')}</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.data.map((inv) => (
              <Table.Tr key={inv.id}>
                <Table.Td>
                  {inv.display_name} &lt;{inv.email}&gt;
                </Table.Td>
                <Table.Td>{formatDate(inv.expires_at, language)}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('organization.revokeFor', { email: inv.email })}
                    onClick={() => void cancel(inv.id, inv.email)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
