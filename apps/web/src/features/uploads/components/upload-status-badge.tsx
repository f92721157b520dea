import { Badge } from '@mantine/core';
import type { UploadErrorCode, UploadStatus } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { WHOLE_BADGE } from '../../../components/fitting-labels.ts';

/** Filled in dark shades: white text on them passes contrast in both themes (green's darkest did not). */
const COLORS: Record<UploadStatus, string> = {
  PENDING: 'gray.7',
  IN_PROGRESS: 'blue.8',
  COMPLETED: 'teal.9',
  FAILED: 'red.9',
};

/**
 * Spec section 4: an upload's status, translated. One stopped on purpose is stored FAILED (the
 * spec's four statuses) and reads "Stopped", in grey: nothing went wrong.
 */
export function UploadStatusBadge({ status, errorCode }: { status: UploadStatus; errorCode?: UploadErrorCode | null }) {
  const { t } = useTranslation();
  const stopped = status === 'FAILED' && errorCode === 'cancelled';
  return (
    <Badge
      color={stopped ? 'gray.7' : COLORS[status]}
      variant="filled"
      data-testid="upload-status"
      data-status={status}
      {...WHOLE_BADGE}
    >
      {stopped ? t('uploads.status.stopped') : t(`uploads.status.${status}`)}
    </Badge>
  );
}
