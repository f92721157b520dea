import { z } from 'zod';

/**
 * OAuth 2 authorization-code requests as RFC 6749 (section 4.1) and RFC 7636 (PKCE) define them,
 * in Quarry's own words, for the vendors that connect this way; each vendor's contract picks what
 * it documents (Outreach: scope and PKCE; HubSpot: scope; Salesloft: neither). The local fakes
 * check every consent and token request against them.
 */

/** A field the vendor's protocol asks for must be there; one it does not know must not be sent. */
function presence<T extends Record<string, unknown>>(fields: Record<string, boolean>) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const [field, wanted] of Object.entries(fields)) {
      const there = value[field] !== undefined;
      if (wanted && !there) ctx.addIssue({ code: 'custom', path: [field], message: 'Required by this vendor' });
      if (!wanted && there)
        ctx.addIssue({ code: 'custom', path: [field], message: 'Not part of this vendor’s protocol' });
    }
  };
}

/** GET {authorize}: the query the browser carries to the vendor's consent page. */
export function oauthAuthorizeQuerySchema(o: { scope: boolean; pkce: boolean }) {
  return z
    .strictObject({
      client_id: z.string().min(1),
      redirect_uri: z.url(),
      response_type: z.literal('code'),
      // Quarry's state: 32 random bytes, base64url.
      state: z.string().min(32),
      scope: z.string().min(1).optional(),
      code_challenge: z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/)
        .optional(),
      code_challenge_method: z.literal('S256').optional(),
    })
    .superRefine(presence({ scope: o.scope, code_challenge: o.pkce, code_challenge_method: o.pkce }));
}

/** POST {token}, form-encoded: a code exchanged (with the PKCE verifier where used) or a refresh token spent. */
export function oauthTokenRequestSchema(o: { pkce: boolean }) {
  return z.discriminatedUnion('grant_type', [
    z
      .strictObject({
        grant_type: z.literal('authorization_code'),
        client_id: z.string().min(1),
        client_secret: z.string().min(1),
        redirect_uri: z.url(),
        code: z.string().min(1),
        code_verifier: z
          .string()
          .regex(/^[A-Za-z0-9._~-]{43,128}$/)
          .optional(),
      })
      .superRefine(presence({ code_verifier: o.pkce })),
    z.strictObject({
      grant_type: z.literal('refresh_token'),
      client_id: z.string().min(1),
      client_secret: z.string().min(1),
      redirect_uri: z.url().optional(),
      refresh_token: z.string().min(1),
    }),
  ]);
}

/** What a fake reads of a token request, whatever the vendor. */
export type OAuthTokenRequest =
  | {
      grant_type: 'authorization_code';
      client_id: string;
      client_secret: string;
      redirect_uri: string;
      code: string;
      code_verifier?: string;
    }
  | { grant_type: 'refresh_token'; client_id: string; client_secret: string; refresh_token: string };
