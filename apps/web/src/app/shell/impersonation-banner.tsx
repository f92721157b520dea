import { Box, Text } from '@mantine/core';
import type { UserDocument } from '@quarry/shared';
import { useTranslation } from 'react-i18next';

/** Shown while a support engineer acts as a customer's user. */
export function ImpersonationBanner({ user, companyName }: { user: UserDocument; companyName: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Box bg="orange.6" c="white" px="md" py={6} role="status" data-testid="impersonation-banner">
      <Text size="sm" fw={600}>
        {t('impersonation.banner', { name: user.display_name, company: companyName ?? user.company })}
      </Text>
    </Box>
  );
}
