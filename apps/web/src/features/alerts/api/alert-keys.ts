/** The alerts feature's query keys: the banner's alerts, and the support account's list of every tenant's. */
export const alertKeys = {
  banner: ['alerts'] as const,
  managed: ['support', 'alerts'] as const,
};
