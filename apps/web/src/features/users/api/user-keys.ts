/** The users feature's mutation keys: the reader's own fields and preferences. */
export const userKeys = {
  mutations: {
    ownField: ['me', 'update'] as const,
  },
};
