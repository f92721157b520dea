import { Alert, Anchor, Badge, Group, Skeleton, Stack, Switch, Table, Text, Title, Tooltip } from '@mantine/core';
import type { CompanyConfiguration, Member } from '@quarry/shared';
import { PROVIDER_NAME } from '@quarry/shared/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { formatDate } from '../../../lib/format.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useMembers, useOrganizationActions } from '../api/organization.ts';
import { Invitations } from './invitations-section.tsx';

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
        <PreferenceLinks />
      </Stack>
    </Stack>
  );
}

function PreferenceLinks() {
  const { t } = useTranslation();
  return (
    <Group gap="md">
      {PREFERENCE_SCREENS.map((s) => (
        <Anchor key={s.to} component={Link} to={s.to}>
          {t(`screens.${s.key}.title`)}
        </Anchor>
      ))}
    </Group>
  );
}

/**
 * For a user without Organization Settings: the team's preference screens, which everyone may
 * read (admins and managers change them), so a rep can see what Home is matched on.
 */
export function TeamPreferenceLinks() {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="team-preference-links">
      <Title order={2} size="h4">
        {t('organization.teamPreferences')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('organization.teamPreferencesIntro')}
      </Text>
      <PreferenceLinks />
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
      // Removing one's own role is said as such: it also closes this page to them.
      const own = !roles.is_admin && member.uid === currentUid;
      const ok = await confirm({
        title: own
          ? t('organization.revokeOwnAdminTitle')
          : t(roles.is_admin ? 'organization.grantAdminTitle' : 'organization.revokeAdminTitle', {
              name: member.display_name,
            }),
        message: own
          ? t('organization.revokeOwnAdminMessage')
          : t(roles.is_admin ? 'organization.grantAdminMessage' : 'organization.revokeAdminMessage', {
              name: member.display_name,
            }),
        proceedLabel: t(roles.is_admin ? 'organization.grantAdmin' : 'organization.revokeAdmin'),
        danger: !roles.is_admin,
      });
      if (!ok) return;
    }
    const name = member.display_name;
    const before = { is_admin: member.is_admin, is_manager: member.is_manager };
    setRoles.mutate(
      { uid: member.uid, roles },
      {
        onSuccess: () => {
          // Admin rights were confirmed before saving. The manager role saves at once, so it can be
          // taken back from the message that says what changed.
          if (roles.is_admin !== before.is_admin) return showSnackbar(t('organization.rolesSaved', { name }));
          showSnackbar(
            t(roles.is_manager ? 'organization.nowManager' : 'organization.noLongerManager', { name }),
            undefined,
            {
              label: t('organization.undoRoles'),
              run: () =>
                setRoles.mutate(
                  { uid: member.uid, roles: before },
                  { onSuccess: () => showSnackbar(t('organization.rolesSaved', { name })) },
                ),
            },
          );
        },
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
        // Whole, never "管理…": the column takes the badge's width (a tablet's table had squeezed it).
        <Badge
          variant="light"
          tt="none"
          data-role={role}
          styles={{ root: { maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
        >
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
