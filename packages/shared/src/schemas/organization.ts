import { z } from 'zod';
import { MAX_NAME_LENGTH } from '../constants.ts';

/** A member as organization settings lists them. */
export const memberSchema = z.object({
  uid: z.string(),
  display_name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_manager: z.boolean(),
  /** Service accounts and the support account: their roles are not managed here. */
  is_service_account: z.boolean(),
  last_login_at: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberRolesBodySchema = z.strictObject({ is_admin: z.boolean(), is_manager: z.boolean() });
export const memberUidParamsSchema = z.object({ uid: z.string().min(1).max(64) });

export const LAST_ADMIN_MESSAGE = 'A company needs at least one admin';
export const INVITATION_INVALID_MESSAGE = 'This invitation is no longer valid';
export const INVITATION_DAYS = 7;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const createInvitationBodySchema = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address')),
  display_name: z.string().trim().min(1, 'Display name is required').max(MAX_NAME_LENGTH),
});

export const invitationTokenParamsSchema = z.object({ token: z.string().min(20).max(200) });
export const invitationPreviewSchema = z.object({
  email: z.string(),
  display_name: z.string(),
  company_name: z.string(),
});

export const acceptInvitationBodySchema = z.strictObject({
  token: z.string().min(20).max(200),
  display_name: z.string().trim().min(1, 'Display name is required').max(MAX_NAME_LENGTH),
  password: z.string().min(8, 'Use at least 8 characters').max(128),
});
