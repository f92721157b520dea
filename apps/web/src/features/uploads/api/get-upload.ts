import { isUploadRunning, type Upload } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { UPLOAD_POLL_MS, uploadQueryKeys } from './upload-query-keys.ts';

export const getUpload = (uploadId: string, signal?: AbortSignal) =>
  api<Upload>(`/api/uploads/${encodeURIComponent(uploadId)}`, { signal });

export const uploadQueryOptions = (uploadId: string) =>
  queryOptions({
    queryKey: uploadQueryKeys.detail(uploadId),
    queryFn: ({ signal }) => getUpload(uploadId, signal),
    refetchInterval: (query) => (query.state.data && isUploadRunning(query.state.data.status) ? UPLOAD_POLL_MS : false),
  });

/** One upload, polled while it runs: the progress bar's counts. */
export const useUpload = (uploadId: string) => useQuery(uploadQueryOptions(uploadId));
