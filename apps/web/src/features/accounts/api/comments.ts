import type { Comment } from '@quarry/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

const path = (id: string) => `/api/accounts/${encodeURIComponent(id)}/comments`;

export const commentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: accountKeys.comments(id),
    queryFn: () => api<{ comments: Comment[] }>(path(id)).then((r) => r.comments),
  });

export const useComments = (id: string) => useQuery(commentsQueryOptions(id));

export function useAddComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: accountKeys.mutations.comment,
    mutationFn: (text: string) =>
      api<{ comments: Comment[] }>(path(id), { method: 'POST', body: { text } }).then((r) => r.comments),
    onSuccess: (comments) => {
      track('Comment Created', { master_account_id: id });
      queryClient.setQueryData(commentsQueryOptions(id).queryKey, comments);
    },
  });
}

/** The author changes their comment's text; the answer is the account's comments as they now stand. */
export function useEditComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: accountKeys.mutations.comment,
    mutationFn: ({ commentId, text }: { commentId: number; text: string }) =>
      api<{ comments: Comment[] }>(`${path(id)}/${commentId}`, { method: 'PATCH', body: { text } }).then(
        (r) => r.comments,
      ),
    onSuccess: (comments) => queryClient.setQueryData(commentsQueryOptions(id).queryKey, comments),
  });
}

export function useDeleteComment(id: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: accountKeys.mutations.comment,
    mutationFn: (commentId: number) =>
      api<{ comments: Comment[] }>(`${path(id)}/${commentId}`, { method: 'DELETE' }).then((r) => r.comments),
    onSuccess: (comments) => queryClient.setQueryData(commentsQueryOptions(id).queryKey, comments),
    meta: { errorSnack: t('errors.generic') },
  });
}
