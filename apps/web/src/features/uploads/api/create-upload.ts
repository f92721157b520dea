import type { CreateUploadBody, Upload } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { uploadQueryKeys } from './upload-query-keys.ts';

export const createUpload = (body: CreateUploadBody) => api<Upload>('/api/uploads', { method: 'POST', body });

/** Starts an upload (a job on the server does the work) and shows it in the history at once. */
export function useCreateUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: uploadQueryKeys.mutations.create,
    mutationFn: createUpload,
    // The answer is the upload's first state: its panel shows it without another read.
    onSuccess: (upload) => queryClient.setQueryData(uploadQueryKeys.detail(upload.id), upload),
    // Its refusals show in the upload form, under the field they name.
    meta: { invalidates: [uploadQueryKeys.lists] },
  });
}
