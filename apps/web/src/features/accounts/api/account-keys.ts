/** The accounts feature's query and mutation keys: one account (and its comments), and My Accounts. */
export const accountKeys = {
  all: ['account'] as const,
  detail: (id: string) => ['account', id] as const,
  comments: (id: string) => ['account', id, 'comments'] as const,
  territory: ['territory'] as const,
  mutations: {
    territory: ['territory', 'change'] as const,
    favorite: ['account', 'favorite'] as const,
    comment: ['account', 'comment'] as const,
  },
};
