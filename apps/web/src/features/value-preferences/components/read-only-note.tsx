import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Tells a regular user why the preference pages have no edit controls. */
export function ReadOnlyNote() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" data-testid="read-only-note">
      {t('preferences.readOnlyNote')}
    </Alert>
  );
}
