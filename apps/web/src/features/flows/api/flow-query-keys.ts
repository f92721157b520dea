/** The keys every flows query lives under, so a change can refresh the list, one flow, or both. */
export const flowQueryKeys = {
  all: ['flows'] as const,
  lists: ['flows', 'list'] as const,
  detail: (flowId: string) => ['flows', 'detail', flowId] as const,
  mutations: {
    create: ['flows', 'create'] as const,
    remove: ['flows', 'delete'] as const,
    retry: ['flows', 'retry'] as const,
    send: ['flows', 'send'] as const,
    download: ['flows', 'download'] as const,
    approveAll: ['flows', 'approve-all'] as const,
    updateMessage: ['flows', 'message', 'update'] as const,
    regenerateMessage: ['flows', 'message', 'regenerate'] as const,
    removeMessage: ['flows', 'message', 'remove'] as const,
  },
};
