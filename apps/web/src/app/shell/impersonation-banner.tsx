import { Box, Button, Group, Text } from '@mantine/core';
import type { UserDocument } from '@quarry/shared';
import { LOCALE_FORMATS } from '@quarry/shared/languages';
import { IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUiLanguage } from '../../lib/use-ui-language.ts';

/**
 * Shown while a support engineer acts as a customer's user: whom, at which company, and Stop.
 * Black on orange (8.2:1), in both themes: white on it reads at 2.6:1.
 */
export function ImpersonationBanner({
  user,
  companyName,
  expiresAt,
  onStop,
}: {
  user: UserDocument;
  companyName: string | undefined;
  expiresAt: string | undefined;
  onStop: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const [stopping, setStopping] = useState(false);
  return (
    <Box bg="orange.6" c="black" px="md" py={6} role="status" data-testid="impersonation-banner">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" style={{ minWidth: 0 }}>
          <Text span size="sm" fw={600}>
            {t('impersonation.banner', { name: user.display_name, company: companyName ?? user.company })}
          </Text>
          {/* The 60-minute limit, as the moment it ends: support sees how long is left. */}
          {expiresAt && (
            <Text span size="sm" data-testid="impersonation-ends">
              {' · '}
              {t('impersonation.endsAt', {
                time: new Intl.DateTimeFormat(LOCALE_FORMATS[language].locale, { timeStyle: 'short' }).format(
                  new Date(expiresAt),
                ),
              })}
            </Text>
          )}
        </Text>
        <Button
          // Never squeezed by a long name on a phone: the text wraps instead.
          style={{ flexShrink: 0 }}
          size="compact-sm"
          variant="white"
          color="dark"
          leftSection={<IconPlayerStop size={14} />}
          loading={stopping}
          onClick={() => {
            setStopping(true);
            void onStop().finally(() => setStopping(false));
          }}
        >
          {t('impersonation.stop')}
        </Button>
      </Group>
    </Box>
  );
}
