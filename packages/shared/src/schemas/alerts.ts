import { z } from 'zod';

/** Global alert (spec section 3). */
export const globalAlertSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  color: z.string().default('info'),
  icon: z.string().optional(),
  actionText: z.string().optional(),
  action: z.string().optional(),
  dismissible: z.boolean().default(true),
  allowDontShowAgain: z.boolean().default(true),
});
export type GlobalAlert = z.infer<typeof globalAlertSchema>;

export const ALERT_COLORS = ['info', 'warning', 'error', 'success'] as const;
export const ALERT_TITLE_MAX = 120;
export const ALERT_MESSAGE_MAX = 2000;
export const ALERT_ACTION_TEXT_MAX = 40;

/** An action is a path inside Quarry ("/reporting") or an http(s) address. */
const alertAction = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), {
    message: 'Use a path starting with / or an http(s) address',
  });

const isoDateTime = z.iso.datetime({ offset: true });

const alertFields = {
  title: z.string().trim().min(1, 'Title is required').max(ALERT_TITLE_MAX),
  message: z.string().trim().min(1, 'Message is required').max(ALERT_MESSAGE_MAX),
  color: z.enum(ALERT_COLORS).default('info'),
  icon: z.enum(ALERT_COLORS).nullable().default(null),
  action_text: z.string().trim().max(ALERT_ACTION_TEXT_MAX).nullable().default(null),
  action: alertAction.nullable().default(null),
  dismissible: z.boolean().default(true),
  allow_dont_show_again: z.boolean().default(true),
  starts_at: isoDateTime,
  ends_at: isoDateTime.nullable().default(null),
  /** null: every tenant. */
  tenant_id: z.string().min(1).max(64).nullable().default(null),
};

function checkAlert(
  body: { starts_at: string; ends_at: string | null; action_text: string | null; action: string | null },
  ctx: z.RefinementCtx,
) {
  if (body.ends_at && Date.parse(body.ends_at) <= Date.parse(body.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must come after the start' });
  }
  if (Boolean(body.action_text) !== Boolean(body.action)) {
    ctx.addIssue({ code: 'custom', path: ['action'], message: 'An action needs both its text and its link' });
  }
}

export const alertBodySchema = z.strictObject(alertFields).superRefine(checkAlert);
export type AlertBody = z.input<typeof alertBodySchema>;

/** An alert as the support account manages it. */
export const managedAlertSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  color: z.enum(ALERT_COLORS),
  icon: z.enum(ALERT_COLORS).nullable(),
  action_text: z.string().nullable(),
  action: z.string().nullable(),
  dismissible: z.boolean(),
  allow_dont_show_again: z.boolean(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  tenant_id: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
});
export type ManagedAlert = z.infer<typeof managedAlertSchema>;
