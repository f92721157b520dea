/** The signals feature's query and mutation keys: signal sources and the accounts a source can be bound to. */
export const signalKeys = {
  signalSources: ['signal-sources'] as const,
  accountChoices: (q: string) => ['signal-sources', 'accounts', q] as const,
  mutations: {
    signalSource: ['signal-sources', 'change'] as const,
  },
};
