import type { StoredValueHypothesis } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

export const valueHypothesesQueryOptions = () =>
  queryOptions({
    queryKey: ['value-hypotheses'],
    queryFn: ({ signal }) =>
      api<{ hypotheses: StoredValueHypothesis[] }>('/api/value-hypotheses', { signal }).then((r) => r.hypotheses),
  });

/** The hypotheses the caller may see: Home's filter, the default Home filters and the value preferences pages read it. */
export const useValueHypotheses = () => useQuery(valueHypothesesQueryOptions());
