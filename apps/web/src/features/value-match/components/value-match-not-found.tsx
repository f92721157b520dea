import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /valueMatch/{id} for an account that does not exist: the spec's "Account not found" and a way back Home. */
export function ValueMatchNotFound() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="gray" title={t('accounts.notFound')} w="100%">
        {t('valueMatch.notFoundHelp')}
      </Alert>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
