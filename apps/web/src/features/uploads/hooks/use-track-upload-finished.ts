import { isUploadRunning, type Upload } from '@quarry/shared';
import { useEffect, useRef } from 'react';
import { track } from '../../../lib/analytics.ts';

/**
 * Records "Accounts Uploaded" with the counts once, when the page watching an upload sees it finish
 * (the counts exist only then, and it finishes on the server, not on a click).
 */
export function useTrackUploadFinished(upload: Upload | undefined): void {
  const sawRunning = useRef(false);
  useEffect(() => {
    if (!upload) return;
    if (isUploadRunning(upload.status)) {
      sawRunning.current = true;
      return;
    }
    if (!sawRunning.current || upload.status !== 'COMPLETED') return;
    sawRunning.current = false;
    track('Accounts Uploaded', {
      upload_id: upload.id,
      type: upload.type,
      destination_type: upload.destination.type,
      lines: upload.line_count,
      added: upload.added_count,
      already_present: upload.already_present_count,
      created: upload.created_count,
      failures: upload.failures_count,
      not_fitted: upload.not_fitted_count,
    });
  }, [upload]);
}
