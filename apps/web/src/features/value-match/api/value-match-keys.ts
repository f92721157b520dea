/**
 * The value-match feature's query and mutation keys. `territory`, `accounts` and `triggerStats` are
 * the prefixes of other features' queries that show what an assignment or a mark changes (My
 * Accounts, the account page, each trigger's precision), named here so a change can refresh them.
 */
export const valueMatchKeys = {
  all: ['value-matches'] as const,
  feed: ['value-matches', 'feed'] as const,
  status: ['value-matches', 'status'] as const,
  detail: (masterAccountId: string) => ['value-matches', 'detail', masterAccountId] as const,
  territory: ['territory'] as const,
  accounts: ['account'] as const,
  triggerStats: ['trigger-stats'] as const,
  mutations: {
    assign: ['value-matches', 'assign'] as const,
    unassign: ['value-matches', 'unassign'] as const,
    mark: ['value-matches', 'mark'] as const,
  },
};

/** What an assignment changes: the feed (its holders, "my accounts only"), the detail, My Accounts and the account page. */
export const assignmentViewKeys = [valueMatchKeys.all, valueMatchKeys.territory, valueMatchKeys.accounts] as const;
