import { z } from 'zod';

/** The form's own messages; the server answers the same texts for the same mistakes. */
export const LOGIN_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  userNotFound: 'No account found with this email address',
  incorrectPassword: 'Incorrect password',
  locked: 'Too many login attempts. Please try again later.',
  resetSent: 'Password reset email sent. Please check your inbox.',
} as const;

const email = z
  .string({ error: LOGIN_MESSAGES.emailRequired })
  .trim()
  .min(1, LOGIN_MESSAGES.emailRequired)
  .max(254, LOGIN_MESSAGES.emailInvalid)
  .pipe(z.email({ error: LOGIN_MESSAGES.emailInvalid }));

export const loginBodySchema = z.strictObject({
  email,
  password: z.string({ error: LOGIN_MESSAGES.passwordRequired }).min(1, LOGIN_MESSAGES.passwordRequired).max(256),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const forgotPasswordBodySchema = z.strictObject({ email });

export const resetPasswordBodySchema = z.strictObject({
  token: z.string().min(1).max(512),
  password: z.string().min(8, 'Password must be at least 8 characters').max(128),
});

/** Whether a mailed reset link can still be used, asked before its form is shown. */
export const resetLinkCheckBodySchema = z.strictObject({ token: z.string().min(1).max(512) });
export const resetLinkCheckResponseSchema = z.object({ valid: z.boolean() });

export const identityTokenSchema = z.object({ token: z.string(), expires_at: z.number() });
