/** The email-preferences feature's query keys. */
export const emailPreferenceKeys = {
  emailPreferences: ['email-preferences'] as const,
};
