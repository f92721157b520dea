import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A full-page message with a way home: the 404 page and the navigation error page. */
export function MessagePage({ titleKey, messageKey }: { titleKey: string; messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" justify="center" mih="60vh" gap="md">
      <Title order={1}>{t(titleKey)}</Title>
      <Text>{t(messageKey)}</Text>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
