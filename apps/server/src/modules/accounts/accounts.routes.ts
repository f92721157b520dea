import {
  accountDetailSchema,
  accountIdParamsSchema,
  commentIdParamsSchema,
  commentSchema,
  createCommentBodySchema,
  peopleSearchQuerySchema,
  personHitSchema,
  searchHitSchema,
  searchQuerySchema,
  updateCommentBodySchema,
} from '@quarry/shared';
import { z } from 'zod';
import { contextOf, type Guard } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { AccountsService } from './accounts.service.ts';

export function registerAccountsRoutes(
  app: App,
  { accounts, signedIn }: { accounts: AccountsService; signedIn: Guard },
) {
  app.route({
    method: 'GET',
    url: '/api/accounts/search',
    // Typeahead: a search per pause in typing, each answered from an index in a few milliseconds
    // (bench:search), both routes at once. Under the expensive preset a rep checking a list of
    // companies was refused after 30 searches in a minute.
    config: { rateLimitPreset: 'read' },
    preHandler: signedIn,
    schema: {
      tags: ['accounts'],
      querystring: searchQuerySchema,
      response: { 200: z.object({ hits: z.array(searchHitSchema) }) },
    },
    handler: async (request) => ({
      hits: await accounts.search(contextOf(request), request.query.q, request.query.mode),
    }),
  });

  app.route({
    method: 'GET',
    url: '/api/contacts/search',
    config: { rateLimitPreset: 'read' },
    preHandler: signedIn,
    schema: {
      tags: ['accounts'],
      querystring: peopleSearchQuerySchema,
      response: { 200: z.object({ people: z.array(personHitSchema) }) },
    },
    handler: async (request) => ({ people: await accounts.searchPeople(contextOf(request), request.query.q) }),
  });

  app.route({
    method: 'GET',
    url: '/api/accounts/:masterAccountId',
    preHandler: signedIn,
    schema: { tags: ['accounts'], params: accountIdParamsSchema, response: { 200: accountDetailSchema } },
    handler: (request) => accounts.detail(contextOf(request), request.params.masterAccountId),
  });

  app.route({
    method: 'PUT',
    url: '/api/accounts/:masterAccountId/favorite',
    preHandler: signedIn,
    schema: {
      tags: ['accounts'],
      params: accountIdParamsSchema,
      body: z.strictObject({ favorite: z.boolean() }),
      response: { 200: z.object({ is_favorite: z.boolean(), created: z.boolean() }) },
    },
    handler: (request) =>
      accounts.setFavorite(contextOf(request), request.params.masterAccountId, request.body.favorite),
  });

  app.route({
    method: 'GET',
    url: '/api/accounts/:masterAccountId/comments',
    preHandler: signedIn,
    schema: {
      tags: ['accounts'],
      params: accountIdParamsSchema,
      response: { 200: z.object({ comments: z.array(commentSchema) }) },
    },
    handler: async (request) => ({
      comments: await accounts.comments(contextOf(request), request.params.masterAccountId),
    }),
  });

  app.route({
    method: 'POST',
    url: '/api/accounts/:masterAccountId/comments',
    preHandler: signedIn,
    schema: {
      tags: ['accounts'],
      params: accountIdParamsSchema,
      body: createCommentBodySchema,
      response: { 200: z.object({ comments: z.array(commentSchema) }) },
    },
    handler: async (request) => ({
      comments: await accounts.addComment(contextOf(request), request.params.masterAccountId, request.body.text),
    }),
  });

  app.route({
    method: 'PATCH',
    url: '/api/accounts/:masterAccountId/comments/:commentId',
    preHandler: signedIn,
    schema: {
      tags: ['accounts'],
      params: commentIdParamsSchema,
      body: updateCommentBodySchema,
      response: { 200: z.object({ comments: z.array(commentSchema) }) },
    },
    handler: async (request) => ({
      comments: await accounts.editComment(
        contextOf(request),
        request.params.masterAccountId,
        request.params.commentId,
        request.body.text,
      ),
    }),
  });

  app.route({
    method: 'DELETE',
    url: '/api/accounts/:masterAccountId/comments/:commentId',
    preHandler: signedIn,
    schema: {
      tags: ['accounts'],
      params: commentIdParamsSchema,
      response: { 200: z.object({ comments: z.array(commentSchema) }) },
    },
    handler: async (request) => ({
      comments: await accounts.deleteComment(
        contextOf(request),
        request.params.masterAccountId,
        request.params.commentId,
      ),
    }),
  });
}
