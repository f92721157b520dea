/** The organization feature's query and mutation keys: the organization's members and invitations. */
export const organizationKeys = {
  organization: ['organization'] as const,
  members: ['organization', 'members'] as const,
  invitations: ['organization', 'invitations'] as const,
  mutations: {
    roles: ['organization', 'roles'] as const,
    invite: ['organization', 'invite'] as const,
    revoke: ['organization', 'revoke'] as const,
  },
};
