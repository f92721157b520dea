import type { ValueMatchDetail } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { valueMatchKeys } from './value-match-keys.ts';

export const valueMatchQueryOptions = (masterAccountId: string) =>
  queryOptions({
    queryKey: valueMatchKeys.detail(masterAccountId),
    queryFn: ({ signal }) =>
      api<ValueMatchDetail>(`/api/value-matches/${encodeURIComponent(masterAccountId)}`, { signal }),
  });

/** One account's evidence per matched hypothesis, its other signals and the contacts to reach. */
export const useValueMatch = (masterAccountId: string) => useQuery(valueMatchQueryOptions(masterAccountId));
