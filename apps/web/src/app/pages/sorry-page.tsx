import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where a failed navigation guard lands. */
export function SorryPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" justify="center" mih="60vh" gap="md">
      <Title order={1}>{t('sorry.title')}</Title>
      <Text>{t('sorry.message')}</Text>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
