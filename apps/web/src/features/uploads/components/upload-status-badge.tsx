import { Badge } from '@mantine/core';
import type { Upload, UploadStatus } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { WHOLE_BADGE } from '../../../components/fitting-labels.ts';

/** Filled in dark shades: white text on them passes contrast in both themes (green's darkest did not). */
const COLORS: Record<UploadStatus, string> = {
  PENDING: 'gray.7',
  IN_PROGRESS: 'blue.8',
  COMPLETED: 'teal.9',
  FAILED: 'red.9',
};

/** A dark orange white text passes contrast on (the theme's orange.9 does not, 4.3:1). */
const NOTHING_ADDED = '#b34700';

/** Whether an upload finished without one line giving an account: every line failed. */
export const addedNothing = (u: Pick<Upload, 'status' | 'success_count' | 'failures_count' | 'not_fitted_count'>) =>
  u.status === 'COMPLETED' && u.success_count === 0 && u.failures_count + u.not_fitted_count > 0;

/**
 * Spec section 4: an upload's status, translated. One stopped on purpose is stored FAILED (the
 * spec's four statuses) and reads "Stopped", in grey: nothing went wrong. One completed where every
 * line failed is orange, not the green of one that added accounts.
 */
export function UploadStatusBadge({
  upload,
}: {
  upload: Pick<Upload, 'status' | 'error_code' | 'success_count' | 'failures_count' | 'not_fitted_count'>;
}) {
  const { t } = useTranslation();
  const { status } = upload;
  const stopped = status === 'FAILED' && upload.error_code === 'cancelled';
  return (
    <Badge
      color={stopped ? 'gray.7' : addedNothing(upload) ? NOTHING_ADDED : COLORS[status]}
      variant="filled"
      data-testid="upload-status"
      data-status={status}
      {...WHOLE_BADGE}
    >
      {stopped ? t('uploads.status.stopped') : t(`uploads.status.${status}`)}
    </Badge>
  );
}
