import type { QueryClient } from '@tanstack/react-query';

/**
 * After an assignment changes: the feed (its holders and "my accounts only"), the detail, and the
 * territory and account views (keyed 'territory' and 'account') are refetched.
 */
export function invalidateAssignmentViews(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['value-matches'] });
  void queryClient.invalidateQueries({ queryKey: ['territory'] });
  void queryClient.invalidateQueries({ queryKey: ['account'] });
}
