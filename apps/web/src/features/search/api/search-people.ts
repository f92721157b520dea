import type { PersonHit } from '@quarry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const searchPeople = (q: string, signal?: AbortSignal) =>
  api<{ people: PersonHit[] }>(`/api/contacts/search?${new URLSearchParams({ q })}`, { signal }).then((r) => r.people);

export const searchPeopleQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['people-search', q],
    queryFn: ({ signal }) => searchPeople(q, signal),
    staleTime: 60_000,
  });

/** People for the settled query (by name, title and account); nothing is asked for an empty one. */
export const useSearchPeople = (q: string) =>
  useQuery({ ...searchPeopleQueryOptions(q), enabled: q.trim().length > 0, placeholderData: keepPreviousData });
