import {
  connectIntegrationBodySchema,
  customFieldsResponseSchema,
  hydraJwtBodySchema,
  hydraJwtResponseSchema,
  integrationConnectionSchema,
  integrationsResponseSchema,
  integrationTypeParamsSchema,
  mailboxesResponseSchema,
  oauthCallbackQuerySchema,
  oauthStartResponseSchema,
  sequencesResponseSchema,
  updateFieldMappingsBodySchema,
} from '@quarry/shared';
import { z } from 'zod';
import { forbidden, HttpError } from '../../lib/http-error.ts';
import { contextOf, type Guard, withRole } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { ConnectorTokens } from './connector-token.ts';
import type { IntegrationsRepository } from './integrations.repository.ts';
import { type IntegrationsService, requireAdmin } from './integrations.service.ts';

const tags = ['integrations'];

/** Integrations (issue #21): the catalogue and connections, field mappings, the connector token and its JWKS. */
export function registerIntegrationsRoutes(
  app: App,
  deps: {
    integrations: IntegrationsService;
    repository: IntegrationsRepository;
    tokens: ConnectorTokens;
    signedIn: Guard;
  },
) {
  const { integrations, repository, tokens, signedIn } = deps;
  const adminOnly = withRole(signedIn, requireAdmin);
  app.route({
    method: 'GET',
    url: '/api/integrations',
    preHandler: signedIn,
    schema: { tags, response: { 200: integrationsResponseSchema } },
    handler: (request) => integrations.list(contextOf(request)),
  });
  app.route({
    method: 'PUT',
    url: '/api/integrations/:type',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: adminOnly,
    config: { rateLimitPreset: 'expensive' },
    schema: {
      tags,
      params: integrationTypeParamsSchema,
      body: connectIntegrationBodySchema,
      response: { 200: integrationConnectionSchema },
    },
    handler: (request) => integrations.connect(contextOf(request), request.params.type, request.body.credential),
  });
  // OAuth tools (Outreach): the consent URL for a new window, and the callback it comes back to.
  app.route({
    method: 'POST',
    url: '/api/integrations/:type/oauth',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: adminOnly,
    config: { rateLimitPreset: 'expensive' },
    schema: { tags, params: integrationTypeParamsSchema, response: { 200: oauthStartResponseSchema } },
    handler: (request) => integrations.startOAuth(contextOf(request), request.params.type),
  });
  app.route({
    method: 'GET',
    url: '/api/integrations/:type/oauth/callback',
    preHandler: signedIn,
    config: { rateLimitPreset: 'expensive' },
    schema: {
      tags,
      params: integrationTypeParamsSchema,
      querystring: oauthCallbackQuerySchema,
      response: { 302: z.null() },
    },
    handler: async (request, reply) => {
      const page = `/preferences/integrations?oauth=${request.params.type}`;
      try {
        await integrations.completeOAuth(contextOf(request), request.params.type, request.query);
      } catch (error) {
        // A person in the consent window gets the integrations page saying why, in their language,
        // not an error body; any other caller gets the refusal itself.
        if (!(error instanceof HttpError) || !acceptsPage(request.headers.accept)) throw error;
        return reply.redirect(`${page}&failed=${encodeURIComponent(refusalReasonOf(error))}`, 302);
      }
      // The consent window lands back on the integrations page, which sees the connection VALID (or INVALID).
      return reply.redirect(page, 302);
    },
  });
  app.route({
    method: 'POST',
    url: '/api/integrations/:type/check',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: adminOnly,
    config: { rateLimitPreset: 'expensive' },
    schema: { tags, params: integrationTypeParamsSchema, response: { 200: integrationConnectionSchema } },
    handler: (request) => integrations.recheck(contextOf(request), request.params.type),
  });
  app.route({
    method: 'DELETE',
    url: '/api/integrations/:type',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: adminOnly,
    schema: { tags, params: integrationTypeParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await integrations.disconnect(contextOf(request), request.params.type);
      return reply.code(204).send(null);
    },
  });
  app.route({
    method: 'GET',
    url: '/api/integrations/:type/custom-fields',
    preHandler: signedIn,
    schema: { tags, params: integrationTypeParamsSchema, response: { 200: customFieldsResponseSchema } },
    handler: async (request) => ({
      fields: await integrations.customFields(contextOf(request), request.params.type),
    }),
  });
  app.route({
    method: 'GET',
    url: '/api/integrations/:type/sequences',
    preHandler: signedIn,
    schema: { tags, params: integrationTypeParamsSchema, response: { 200: sequencesResponseSchema } },
    handler: async (request) => ({
      sequences: await integrations.sequences(contextOf(request), request.params.type),
    }),
  });
  app.route({
    method: 'GET',
    url: '/api/integrations/:type/mailboxes',
    preHandler: signedIn,
    schema: { tags, params: integrationTypeParamsSchema, response: { 200: mailboxesResponseSchema } },
    handler: async (request) => ({
      mailboxes: await integrations.mailboxes(contextOf(request), request.params.type),
    }),
  });
  app.route({
    method: 'PUT',
    url: '/api/integrations/:type/field-mappings',
    // Before validation: a caller without the role learns nothing of the fields (403, not 400).
    preValidation: adminOnly,
    schema: {
      tags,
      params: integrationTypeParamsSchema,
      body: updateFieldMappingsBodySchema,
      response: { 200: integrationConnectionSchema },
    },
    handler: (request) =>
      integrations.updateFieldMappings(contextOf(request), request.params.type, request.body.field_mappings),
  });

  // Spec section 7: the embedded connector's token, for the signed-in user's own tenant and self only.
  app.route({
    method: 'POST',
    url: '/HydraJwtGenerator',
    preHandler: signedIn,
    config: { readOnly: true },
    schema: { tags, body: hydraJwtBodySchema, response: { 200: hydraJwtResponseSchema } },
    handler: async (request) => {
      const ctx = contextOf(request);
      const master = await repository.masterTenantId(ctx.tenantId);
      if (!master) throw new HttpError(404, 'master_tenant_id_unavailable', 'Master tenant ID not available');
      if (request.body.tenant_id !== master || request.body.user_id !== ctx.uid) {
        throw forbidden('A connector token is only for your own company and yourself', 'own_company_only');
      }
      return { token: await tokens.sign({ tenantId: master, userId: ctx.uid }) };
    },
  });
  app.route({
    method: 'GET',
    url: '/api/integrations/connector-jwks',
    schema: {
      tags,
      response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) },
    },
    handler: () => tokens.jwks(),
  });
}

/** Whether a request is a browser opening a page (its Accept names HTML), not a program asking for data. */
const acceptsPage = (accept: string | undefined) => accept?.includes('text/html') === true;

/**
 * The word a refusal is translated by on the web: its field's reason, its own reason, or its code
 * (`apiErrors.fields.*`, `apiErrors.reasons.*`, `apiErrors.*`).
 */
function refusalReasonOf(error: HttpError): string {
  const details = (error.details ?? {}) as { reason?: unknown; fields?: { reason?: unknown }[] };
  const reason = details.fields?.[0]?.reason ?? details.reason;
  return typeof reason === 'string' ? reason : error.code;
}
