/**
 * The workspace feature's keys: queries under `['workspaces']`, and the mutations that change a
 * workspace under the same word, so the updating flag counts them with one filter.
 */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  owned: ['workspaces', 'owned'] as const,
  shared: ['workspaces', 'shared'] as const,
  detail: (id: string) => ['workspaces', 'detail', id] as const,
  mutations: {
    all: ['workspaces'] as const,
    create: ['workspaces', 'create'] as const,
    update: ['workspaces', 'update'] as const,
    remove: ['workspaces', 'delete'] as const,
    share: ['workspaces', 'share'] as const,
    unshare: ['workspaces', 'unshare'] as const,
    createList: ['workspaces', 'create-list'] as const,
    /** Not a change the user made: the updating flag does not count it. */
    markViewed: ['workspace-views'] as const,
  },
};
