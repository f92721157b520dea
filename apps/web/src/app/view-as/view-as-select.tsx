import { Select } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { track } from '../../lib/analytics.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useCompanyUsers } from '../../lib/company-users.ts';
import { compareNames } from '../../lib/compare-names.ts';
import { isServiceAccountEmail } from '../../lib/service-account.ts';

/**
 * View-as (spec section 4): preview a colleague's personalised screens. It only sets the viewed
 * user in the local auth state; starting or stopping makes no call.
 */
export function ViewAsSelect() {
  const { t } = useTranslation();
  const uid = useAuthStore((s) => s.user?.uid);
  const viewAs = useAuthStore((s) => s.viewAsUserData);
  const setViewAs = useAuthStore((s) => s.setViewAs);
  // Colleagues only: not the viewer, and no service account (as in every user picker, spec section 5).
  const colleagues = (useCompanyUsers().data ?? [])
    .filter((u) => u.uid !== uid && !isServiceAccountEmail(u.email))
    .sort((a, b) => compareNames(a.display_name, b.display_name));
  return (
    <Select
      label={t('viewAs.label')}
      placeholder={t('viewAs.placeholder')}
      leftSection={<IconEye size={16} />}
      w={260}
      searchable
      clearable
      allowDeselect={false}
      data-testid="view-as-select"
      value={viewAs?.uid ?? null}
      data={colleagues.map((u) => ({ value: u.uid, label: u.display_name }))}
      nothingFoundMessage={t('viewAs.nobody')}
      onChange={(value) => {
        const colleague = colleagues.find((u) => u.uid === value) ?? null;
        setViewAs(colleague);
        if (colleague) track('View As Enabled', { view_as_user_id: colleague.uid });
      }}
    />
  );
}
