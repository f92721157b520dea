import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Marks something the support account wrote while impersonating `name`: its real author. */
export function ViaSupportBadge({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('viaSupport.title', { name })}>
      <Badge size="xs" variant="default" tt="none" data-testid="via-support">
        {t('viaSupport.label')}
      </Badge>
    </Tooltip>
  );
}
