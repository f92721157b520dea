import type { UploadFailureLines } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { uploadQueryKeys } from './upload-query-keys.ts';

/** The first lines of a finished upload that added no account, with why (the CSV holds them all). */
export const useUploadFailureLines = (uploadId: string) =>
  useQuery(
    queryOptions({
      queryKey: [...uploadQueryKeys.detail(uploadId), 'failure-lines'],
      queryFn: ({ signal }) =>
        api<UploadFailureLines>(`/api/uploads/${encodeURIComponent(uploadId)}/failure-lines`, { signal }),
    }),
  );
