import { MutationCache, QueryCache, QueryClient, type QueryClientConfig, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { fieldError } from './field-error.ts';
import { meQueryOptions } from './get-me.ts';
import { logError } from './log-error.ts';
import { endSessionIfOver } from './session-ended.ts';
import { showSnackbar } from './snackbar-store.ts';

/**
 * What a mutation declares once, in its hook, and the mutation cache carries out for every one of
 * them: the queries it makes stale, and how a failure is reported. Functions receive the
 * mutation's variables (and its answer), for keys that name the record changed.
 */
export type MutationMeta = {
  /** Query keys (prefixes) refetched once it settles; awaited, so the caller's callbacks see fresh data. */
  invalidates?: readonly QueryKey[] | ((variables: unknown, data: unknown) => readonly QueryKey[]);
  /** A query the user can no longer read after success (a deleted or left record): cancelled, never refetched. */
  gone?: (variables: unknown) => QueryKey | undefined;
  /** On failure: logged under this message ("Error Logged", spec section 7). */
  errorLog?: string;
  /**
   * On failure: the snack shown, already translated (or the spec's raw text where it asks for one),
   * or a function of the error that picks it (a refusal's code read as a sentence).
   */
  errorSnack?: string | ((error: unknown) => string);
  /**
   * The inputs of the form that sends it, named as the API names them: a refusal naming one of
   * them ("name" already taken) shows under that input (setServerErrors) and is not also a snack,
   * which would say to try again what can never succeed.
   */
  fieldsInForm?: readonly string[];
};

/** Whether the form that sent the mutation shows this failure under one of its inputs (as setServerErrors places it). */
const shownInForm = (error: unknown, fields: readonly string[] | undefined) =>
  fields !== undefined && fieldError(error, fields, '').field !== null;

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta;
  }
}

/**
 * For `mutateAsync(…).then(onDone, reportedByMutationCache)`: the failure was already logged and
 * shown by the mutation cache (meta.errorLog, meta.errorSnack). Use mutateAsync rather than
 * mutate's callbacks where the change can unmount the component that made it (a row or card the
 * refetch removes): an unmounted observer's callbacks never run, a promise's always do.
 */
export const reportedByMutationCache = (): void => {};

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);

/** The app's query client: one retry policy for reads, one place where mutations invalidate and report failures. */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  const client: QueryClient = new QueryClient({
    ...config,
    // A read or a change refused because the session is over (signed out in another tab, expired)
    // takes the reader to sign-in, not to a page of errors. Not the signed-in user's own document:
    // reading it is how the route guards learn who is signed in, and they send to sign-in themselves.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryKey[0] !== meQueryOptions().queryKey[0]) endSessionIfOver(error);
      },
    }),
    mutationCache: new MutationCache({
      // On failure too: a refused or half-done change leaves the screen showing the server's truth.
      onSettled: async (data, error, variables, _context, mutation) => {
        const meta = mutation.meta;
        if (!meta) return;
        const gone = error ? undefined : meta.gone?.(variables);
        if (gone) await client.cancelQueries({ queryKey: gone });
        const keys = typeof meta.invalidates === 'function' ? meta.invalidates(variables, data) : meta.invalidates;
        await Promise.all(
          (keys ?? []).map((queryKey) =>
            client.invalidateQueries({ queryKey, predicate: (query) => !gone || !startsWith(query.queryKey, gone) }),
          ),
        );
        // Not asked for now, but never shown again as it was: Back to its page reads it afresh
        // (and finds it gone) instead of showing the cached copy with working forms.
        if (gone) await client.invalidateQueries({ queryKey: gone, refetchType: 'none' });
      },
      onError: (error, _variables, _context, mutation) => {
        if (endSessionIfOver(error)) return;
        const meta = mutation.meta;
        // A refusal the form shows under its input (a name taken) is the user's to fix, not a failure to log.
        if (shownInForm(error, meta?.fieldsInForm)) return;
        if (meta?.errorLog) logError(meta.errorLog, error);
        const snack = typeof meta?.errorSnack === 'function' ? meta.errorSnack(error) : meta?.errorSnack;
        if (snack) showSnackbar(snack);
      },
    }),
  });
  return client;
}

export const queryClient = createQueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});
