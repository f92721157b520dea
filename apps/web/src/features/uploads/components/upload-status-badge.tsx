import { Badge } from '@mantine/core';
import type { UploadStatus } from '@quarry/shared';
import { useTranslation } from 'react-i18next';

const COLORS: Record<UploadStatus, string> = {
  PENDING: 'gray',
  IN_PROGRESS: 'blue',
  COMPLETED: 'green',
  FAILED: 'red',
};

/** Spec section 4: an upload's status, translated. */
export function UploadStatusBadge({ status }: { status: UploadStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="upload-status" data-status={status}>
      {t(`uploads.status.${status}`)}
    </Badge>
  );
}
