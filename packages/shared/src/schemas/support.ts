import { z } from 'zod';

/** How long an impersonation lasts before the server ends it on its own. */
export const IMPERSONATION_MAX_MINUTES = 60;

export const USER_ROLES = ['admin', 'manager', 'support'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Support Tools search: by name, email or company, across every tenant. */
export const supportUserSearchQuerySchema = z.strictObject({
  q: z.string().trim().max(200).default(''),
});

/** A user as Support Tools lists them: tenant, roles and last sign-in. */
export const supportUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  display_name: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  roles: z.array(z.enum(USER_ROLES)),
  last_login_at: z.string().nullable(),
});
export type SupportUser = z.infer<typeof supportUserSchema>;

export const startImpersonationBodySchema = z.strictObject({
  uid: z.string().min(1).max(128),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(500, 'A reason is at most 500 characters'),
});
export type StartImpersonationBody = z.infer<typeof startImpersonationBodySchema>;

/** The open impersonation, as /api/me reports it while one is active. */
export const impersonationSchema = z.object({
  impersonator_uid: z.string(),
  impersonator_email: z.string(),
  reason: z.string(),
  started_at: z.string(),
  expires_at: z.string(),
});
export type Impersonation = z.infer<typeof impersonationSchema>;
