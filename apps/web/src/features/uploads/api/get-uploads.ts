import { isUploadRunning, type UploadList } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { UPLOAD_POLL_MS, uploadQueryKeys } from './upload-query-keys.ts';

export const getUploads = (signal?: AbortSignal) => api<UploadList>('/api/uploads', { signal });

export const uploadsQueryOptions = () =>
  queryOptions({
    queryKey: uploadQueryKeys.lists,
    queryFn: ({ signal }) => getUploads(signal),
    // Asked again while one of them runs, so its row's counts and status move.
    refetchInterval: (query) =>
      query.state.data?.uploads.some((u) => isUploadRunning(u.status)) ? UPLOAD_POLL_MS : false,
  });

/** Past uploads: the caller's own; a manager's or admin's whole company's. */
export const useUploads = () => useQuery(uploadsQueryOptions());
