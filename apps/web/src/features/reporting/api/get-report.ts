import type { Report, ReportQuery } from '@quarry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const reportKeys = {
  all: ['reporting'] as const,
  range: (range: ReportQuery) => ['reporting', range.from, range.to] as const,
};

export const reportQueryOptions = (range: ReportQuery) =>
  queryOptions({
    queryKey: reportKeys.range(range),
    queryFn: ({ signal }) => api<Report>(`/api/reporting?${new URLSearchParams(range)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** The tenant's usage over a valid range; nothing is asked while the range is not valid. */
export const useReport = (range: ReportQuery | null) =>
  useQuery({ ...reportQueryOptions(range ?? { from: '', to: '' }), enabled: range !== null });
