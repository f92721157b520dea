import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBulb, IconSearch, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * An empty My Accounts says how accounts get there (issue #17, item 14): Add Accounts (/upload),
 * the search, and Home's Assign, which a manager also uses to give accounts to the team.
 */
export function MyAccountsEmpty({ manager, onSearch }: { manager: boolean; onSearch: () => void }) {
  const { t } = useTranslation();
  const ways = [
    {
      key: 'upload',
      action: (
        <Button component={Link} to="/upload" size="xs" variant="light" leftSection={<IconUpload size={14} />}>
          {t('nav.addAccounts')}
        </Button>
      ),
    },
    {
      key: 'search',
      action: (
        <Button size="xs" variant="light" leftSection={<IconSearch size={14} />} onClick={onSearch}>
          {t('myAccounts.emptyState.searchButton')}
        </Button>
      ),
    },
    {
      key: manager ? 'assignTeam' : 'assign',
      action: (
        <Button component={Link} to="/" size="xs" variant="light" leftSection={<IconBulb size={14} />}>
          {t('myAccounts.emptyState.homeButton')}
        </Button>
      ),
    },
  ];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="my-accounts-empty-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="my-accounts-empty-title">
          {t('myAccounts.emptyState.title')}
        </Title>
        <Text>{t('myAccounts.emptyState.intro')}</Text>
        <List spacing="sm" type="ordered">
          {ways.map(({ key, action }) => (
            <List.Item key={key}>
              <Group gap="sm" wrap="wrap">
                <Text span>{t(`myAccounts.emptyState.${key}`)}</Text>
                {action}
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
