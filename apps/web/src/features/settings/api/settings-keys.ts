/** The settings feature's query and mutation keys: the organization's members and invitations, and signal sources. */
export const settingsKeys = {
  organization: ['organization'] as const,
  members: ['organization', 'members'] as const,
  invitations: ['organization', 'invitations'] as const,
  signalSources: ['signal-sources'] as const,
  accountChoices: (q: string) => ['signal-sources', 'accounts', q] as const,
  mutations: {
    roles: ['organization', 'roles'] as const,
    invite: ['organization', 'invite'] as const,
    revoke: ['organization', 'revoke'] as const,
    signalSource: ['signal-sources', 'change'] as const,
    ownField: ['me', 'update'] as const,
  },
};
