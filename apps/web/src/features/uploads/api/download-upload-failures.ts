import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { translateFailuresCsv } from '../utils/failure-reason-text.ts';
import { uploadQueryKeys } from './upload-query-keys.ts';

export const downloadUploadFailures = (uploadId: string) =>
  api<Blob>(`/api/uploads/${encodeURIComponent(uploadId)}/failures`, { responseType: 'blob' });

/**
 * The lines that added no account, as CSV (formulas escaped by the server), each line's
 * explanation in the reader's language; records "Object Downloaded".
 */
export function useDownloadUploadFailures(uploadId: string) {
  const { t } = useTranslation();
  // Its failure shows under the button.
  return useMutation({
    mutationKey: uploadQueryKeys.mutations.downloadFailures,
    mutationFn: async () => {
      const csv = await (await downloadUploadFailures(uploadId)).text();
      return new Blob([translateFailuresCsv(csv, t)], { type: 'text/csv;charset=utf-8' });
    },
    onSuccess: (file) => {
      saveFile(file, `quarry-upload-failures-${uploadId}.csv`);
      track('Object Downloaded', { object: 'upload_failures', format: 'csv', upload_id: uploadId });
    },
  });
}
