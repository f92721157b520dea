import { useMutation } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { uploadQueryKeys } from './upload-query-keys.ts';

export const downloadUploadFailures = (uploadId: string) =>
  api<Blob>(`/api/uploads/${encodeURIComponent(uploadId)}/failures`, { responseType: 'blob' });

/** The lines that added no account, as CSV (formulas escaped by the server); records "Object Downloaded". */
export function useDownloadUploadFailures(uploadId: string) {
  // Its failure shows under the button.
  return useMutation({
    mutationKey: uploadQueryKeys.mutations.downloadFailures,
    mutationFn: () => downloadUploadFailures(uploadId),
    onSuccess: (file) => {
      saveFile(file, `quarry-upload-failures-${uploadId}.csv`);
      track('Object Downloaded', { object: 'upload_failures', format: 'csv', upload_id: uploadId });
    },
  });
}
