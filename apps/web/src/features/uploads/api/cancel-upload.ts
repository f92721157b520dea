import type { Upload } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../lib/api-client.ts';
import { uploadQueryKeys } from './upload-query-keys.ts';

export const cancelUpload = (uploadId: string) =>
  api<Upload>(`/api/uploads/${encodeURIComponent(uploadId)}/cancel`, { method: 'POST' });

/**
 * Stops a running upload: the accounts it added so far stay. Whether it stopped or had finished
 * meanwhile, its panel and the history then show what the server holds.
 */
export function useCancelUpload(uploadId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: uploadQueryKeys.mutations.cancel,
    mutationFn: () => cancelUpload(uploadId),
    onSuccess: (upload) => queryClient.setQueryData(uploadQueryKeys.detail(upload.id), upload),
    meta: {
      invalidates: [uploadQueryKeys.lists, uploadQueryKeys.detail(uploadId)],
      errorLog: 'Upload cancel failed',
      // Finished in the meantime: said so (trying again would not help); its result then shows.
      errorSnack: (error) =>
        error instanceof ApiError && error.status === 409
          ? t('uploads.errors.alreadyFinished')
          : t('uploads.errors.cancel'),
    },
  });
}
