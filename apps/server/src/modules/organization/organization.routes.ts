import {
  acceptInvitationBodySchema,
  createInvitationBodySchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  memberRolesBodySchema,
  memberSchema,
  memberUidParamsSchema,
  meResponseSchema,
} from '@quarry/shared';
import { z } from 'zod';
import { contextOf, type Guard } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { StartSession } from '../auth/start-session.ts';
import type { OrganizationService } from './organization.service.ts';

const tags = ['organization'];

export function registerOrganizationRoutes(
  app: App,
  {
    organization,
    managerOrAdmin,
    startSession,
  }: { organization: OrganizationService; managerOrAdmin: Guard; startSession: StartSession },
) {
  app.route({
    method: 'GET',
    url: '/api/organization/members',
    // Before validation: a colleague without the role learns nothing of the fields (403, not 400).
    preValidation: managerOrAdmin,
    schema: { tags, response: { 200: z.object({ members: z.array(memberSchema) }) } },
    handler: async (request) => ({ members: await organization.members(contextOf(request)) }),
  });

  app.route({
    method: 'PUT',
    url: '/api/organization/members/:uid/roles',
    // Before validation: a colleague without the role learns nothing of the fields (403, not 400).
    preValidation: managerOrAdmin,
    schema: { tags, params: memberUidParamsSchema, body: memberRolesBodySchema, response: { 200: memberSchema } },
    handler: (request) => organization.setRoles(contextOf(request), request.params.uid, request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/organization/invitations',
    // Before validation: a colleague without the role learns nothing of the fields (403, not 400).
    preValidation: managerOrAdmin,
    schema: { tags, response: { 200: z.object({ invitations: z.array(invitationSchema) }) } },
    handler: async (request) => ({ invitations: await organization.invitations(contextOf(request)) }),
  });

  app.route({
    method: 'POST',
    url: '/api/organization/invitations',
    // Before validation: a colleague without the role learns nothing of the fields (403, not 400).
    preValidation: managerOrAdmin,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: { tags, body: createInvitationBodySchema, response: { 201: invitationSchema } },
    handler: async (request, reply) =>
      reply.code(201).send(await organization.invite(contextOf(request), request.body)),
  });

  app.route({
    method: 'DELETE',
    url: '/api/organization/invitations/:id',
    // Before validation: a colleague without the role learns nothing of the fields (403, not 400).
    preValidation: managerOrAdmin,
    schema: { tags, params: z.object({ id: z.string().min(1).max(64) }), response: { 204: z.null() } },
    handler: async (request, reply) => {
      await organization.revoke(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  // Public: the invited person is not signed in yet. The token is the only credential.
  app.route({
    method: 'GET',
    url: '/api/invitations/:token',
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: { tags, params: invitationTokenParamsSchema, response: { 200: invitationPreviewSchema } },
    handler: (request) => organization.preview(request.params.token),
  });

  app.route({
    method: 'POST',
    url: '/api/invitations/accept',
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: { tags, body: acceptInvitationBodySchema, response: { 200: meResponseSchema } },
    // The new member is signed in at once, as after the login form (issue #17, item 10).
    handler: async (request, reply) => {
      const { email } = await organization.accept(request.body);
      return startSession(request, reply, { email, password: request.body.password });
    },
  });
}
