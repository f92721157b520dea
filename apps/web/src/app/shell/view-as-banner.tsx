import { ActionIcon, Box, Button, Group, Text } from '@mantine/core';
import type { UserSummary } from '@quarry/shared';
import { IconEye, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** View-as is on: whose screens are shown, that nothing can be changed, and a one-click exit. */
export function ViewAsBanner({ colleague, onExit }: { colleague: UserSummary; onExit: () => void }) {
  const { t } = useTranslation();
  return (
    <Box bg="grape.6" c="white" px="md" py={6} role="status" data-testid="view-as-banner">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <IconEye size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={600} miw={0}>
            {t('viewAs.banner', { name: colleague.display_name })}
          </Text>
        </Group>
        {/* Never narrower than its words: squeezed by a long banner on a phone, Japanese "表示を終了"
            ("end view-as") had shown as "表示" ("show"). */}
        <Button
          visibleFrom="sm"
          size="compact-sm"
          variant="white"
          color="grape"
          leftSection={<IconX size={14} />}
          onClick={onExit}
          style={{ flexShrink: 0 }}
        >
          {t('viewAs.exit')}
        </Button>
        {/* On a phone the exit is a close button, named for what it does: beside a worded button the
            banner's text had wrapped to four lines, a ninth of the screen. */}
        <ActionIcon
          hiddenFrom="sm"
          size="lg"
          variant="white"
          color="grape"
          aria-label={t('viewAs.exit')}
          onClick={onExit}
          style={{ flexShrink: 0 }}
        >
          <IconX size={18} />
        </ActionIcon>
      </Group>
    </Box>
  );
}
