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
