/** The keys every flows query lives under, so a change can refresh the list, one flow, or both. */
export const flowQueryKeys = {
  all: ['flows'] as const,
  lists: ['flows', 'list'] as const,
  detail: (flowId: string) => ['flows', 'detail', flowId] as const,
};
