export type MembersParams = { page: number; page_size: number; sort: string; direction: 'asc' | 'desc' };

/** The list feature's keys: queries under `['lists']`, and the mutations that change a list under the same word. */
export const listKeys = {
  all: ['lists'] as const,
  detail: (id: string) => ['lists', 'detail', id] as const,
  members: (id: string, params: MembersParams) => ['lists', 'members', id, params] as const,
  mine: (type: 'accounts' | 'contacts') => ['lists', 'mine', type] as const,
  mutations: {
    all: ['lists'] as const,
    addMembers: ['lists', 'add-members'] as const,
    removeMembers: ['lists', 'remove-members'] as const,
    rename: ['lists', 'rename'] as const,
    remove: ['lists', 'delete'] as const,
    /** Making a smart list's private filter public: not counted by the updating flag. */
    publishFilter: ['filters', 'publish'] as const,
  },
};
