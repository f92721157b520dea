import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Any unknown path (spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" justify="center" mih="60vh" gap="md">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.message')}</Text>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
