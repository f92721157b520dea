import { z } from 'zod';

export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'cross_site_request',
  'not_found',
  'conflict',
  'payload_too_large',
  'too_many_requests',
  'internal_error',
  'shutting_down',
  'database_unavailable',
  'user_not_found',
  'incorrect_password',
  'login_locked',
  'invalid_token',
  'flow_in_progress',
  'flow_not_ready',
  'version_conflict',
  'nothing_approved',
  'destination_unavailable',
  'integration_unavailable',
  'integration_unreachable',
  'master_tenant_id_unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
