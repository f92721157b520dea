import { Badge } from '@mantine/core';
import type { UploadStatus } from '@quarry/shared';
import { useTranslation } from 'react-i18next';

/** Filled in dark shades: white text on them passes contrast in both themes (green's darkest did not). */
const COLORS: Record<UploadStatus, string> = {
  PENDING: 'gray.7',
  IN_PROGRESS: 'blue.8',
  COMPLETED: 'teal.9',
  FAILED: 'red.9',
};

/** Spec section 4: an upload's status, translated. */
export function UploadStatusBadge({ status }: { status: UploadStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="filled" data-testid="upload-status" data-status={status}>
      {t(`uploads.status.${status}`)}
    </Badge>
  );
}
