import type { FilterValues, PickListField } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const filterValuesQueryOptions = (field: PickListField) =>
  queryOptions({
    queryKey: ['filter-values', field],
    queryFn: () => api<FilterValues>(`/api/filters/values/${field}`).then((r) => r.values),
    // The accounts' industries change with an import, not while someone builds a filter.
    staleTime: 10 * 60 * 1000,
  });

/** The industries or sectors found in the accounts, offered as the condition's pick-list. */
export const useFilterValues = (field: PickListField | null) =>
  useQuery({ ...filterValuesQueryOptions(field ?? 'industry'), enabled: field !== null });
