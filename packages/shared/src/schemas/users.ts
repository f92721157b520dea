import { z } from 'zod';
import { MAX_NAME_LENGTH } from '../constants.ts';
import { LANGUAGES, THEMES } from '../languages.ts';
import { homeFiltersSchema } from './home-filters.ts';
import { INTEGRATION_TYPES } from './integrations.ts';
import { impersonationSchema } from './support.ts';

/** Spec section 5: a maximum count of email rules and of example emails (ours: 20 and 5). */
export const EMAIL_RULES_MAX = 20;
export const EMAIL_RULE_MAX_LENGTH = 200;
export const EMAIL_EXAMPLES_MAX = 5;
export const EMAIL_EXAMPLE_MAX_LENGTH = 3000;

/** AI email preferences (spec sections 1, 3 and 6): one rule per line, and example emails. */
export const aiEmailPreferencesSchema = z.object({
  rules: z.array(z.string().trim().min(1).max(EMAIL_RULE_MAX_LENGTH)).max(EMAIL_RULES_MAX),
  example_emails: z.array(z.string().trim().min(1).max(EMAIL_EXAMPLE_MAX_LENGTH)).max(EMAIL_EXAMPLES_MAX),
});
export type AiEmailPreferences = z.infer<typeof aiEmailPreferencesSchema>;

export const userPreferencesSchema = z.object({
  ai_email_preferences: aiEmailPreferencesSchema,
  language: z.enum(LANGUAGES).optional(),
  theme: z.enum(THEMES).optional(),
  /** The filters Home opens with when its address names none. */
  home_filters: homeFiltersSchema.optional(),
  /** The first-run guide on Home: open for a new member until they dismiss it; reopened from the user menu. */
  first_run_guide: z.enum(['open', 'dismissed']).optional(),
});

/** The signed-in user's document (spec section 3). */
export const userDocumentSchema = z.object({
  uid: z.string(),
  email: z.string(),
  display_name: z.string(),
  company: z.string(),
  is_admin: z.boolean(),
  is_manager: z.boolean(),
  is_support: z.boolean(),
  preferences: userPreferencesSchema,
});
export type UserDocument = z.infer<typeof userDocumentSchema>;

/** A colleague as listed for sharing. */
export const userSummarySchema = z.object({
  uid: z.string(),
  display_name: z.string(),
  email: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const fieldMappingsSchema = z.record(z.string(), z.string());

export const integrationSchema = z.object({
  type: z.enum(INTEGRATION_TYPES),
  field_mappings: fieldMappingsSchema,
});

export const companyConfigurationSchema = z.object({
  master_tenant_id: z.string(),
  company_name: z.string(),
  tenant_preferences: z.object({ ai_email_preferences: aiEmailPreferencesSchema }),
  integrations: z.array(integrationSchema),
});
export type CompanyConfiguration = z.infer<typeof companyConfigurationSchema>;

/** Help hosted outside Quarry (spec section 9), as the server is configured; null where none is. */
export const helpLinksSchema = z.object({
  support: z.string().nullable(),
  changelog: z.string().nullable(),
  actions: z.string().nullable(),
  actions_request: z.string().nullable(),
  sequence_variables: z.string().nullable(),
});
export type HelpLinks = z.infer<typeof helpLinksSchema>;

export const meResponseSchema = z.object({
  user: userDocumentSchema,
  company_configuration: companyConfigurationSchema.nullable(),
  impersonation: impersonationSchema.nullable(),
  /** Units of KRW, EUR, CNY and JPY per US dollar, and their day: revenue is held in dollars. */
  exchange_rates: z.object({
    as_of: z.string(),
    per_usd: z.object({ KRW: z.number(), EUR: z.number(), CNY: z.number(), JPY: z.number() }),
  }),
  help_links: helpLinksSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const userIdParamsSchema = z.strictObject({ uid: z.string().min(1).max(128) });

export const usersByIdsBodySchema = z.strictObject({
  uids: z.array(z.string().min(1).max(128)).min(1).max(1000),
});

/**
 * The fields a user may change on their own document, one at a time.
 * company, is_admin and is_manager are deliberately absent.
 */
export const updateOwnFieldBodySchema = z.discriminatedUnion('field', [
  z.strictObject({ field: z.literal('display_name'), value: z.string().trim().min(1).max(MAX_NAME_LENGTH) }),
  z.strictObject({ field: z.literal('preferences.language'), value: z.enum(LANGUAGES) }),
  z.strictObject({ field: z.literal('preferences.theme'), value: z.enum(THEMES) }),
  z.strictObject({ field: z.literal('preferences.ai_email_preferences'), value: aiEmailPreferencesSchema }),
  z.strictObject({ field: z.literal('preferences.home_filters'), value: homeFiltersSchema }),
  z.strictObject({ field: z.literal('preferences.first_run_guide'), value: z.enum(['open', 'dismissed']) }),
]);
export type UpdateOwnFieldBody = z.infer<typeof updateOwnFieldBodySchema>;
export const UPDATABLE_OWN_FIELDS = [
  'display_name',
  'preferences.language',
  'preferences.theme',
  'preferences.ai_email_preferences',
  'preferences.home_filters',
  'preferences.first_run_guide',
] as const;
