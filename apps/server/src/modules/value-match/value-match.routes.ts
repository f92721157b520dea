import {
  accountAssignmentSchema,
  accountUnassignmentSchema,
  assignAccountBodySchema,
  markNotRelevantBodySchema,
  triggerStatsListSchema,
  valueMatchDetailSchema,
  valueMatchFeedQuerySchema,
  valueMatchFeedSchema,
  valueMatchIndustriesSchema,
  valueMatchMarkSchema,
  valueMatchStatusSchema,
} from '@quarry/shared';
import { z } from 'zod';
import { contextOf, type Guard } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { TuningService } from './tuning/tuning.service.ts';
import type { ValueMatchService } from './value-match.service.ts';

const tags = ['value matches'];

export function registerValueMatchRoutes(
  app: App,
  {
    valueMatch,
    tuning,
    signedIn,
    managerOrAdmin,
  }: { valueMatch: ValueMatchService; tuning: TuningService; signedIn: Guard; managerOrAdmin: Guard },
) {
  // Registered before /:masterAccountId, which would otherwise take "trigger-stats" for an account id.
  app.route({
    method: 'GET',
    url: '/api/value-matches/trigger-stats',
    // Before validation: a colleague without the role learns nothing of the fields (403, not 400).
    preValidation: managerOrAdmin,
    schema: { tags, response: { 200: triggerStatsListSchema } },
    handler: (request) => tuning.triggerStats(contextOf(request)),
  });
  app.route({
    method: 'POST',
    url: '/api/value-matches/:masterAccountId/marks',
    // A mark moves the account for the whole team (issue 19: the tuning of managers and admins).
    preValidation: managerOrAdmin,
    schema: {
      tags,
      params: z.object({ masterAccountId: z.string().min(1).max(64) }),
      body: markNotRelevantBodySchema,
      response: { 200: valueMatchMarkSchema },
    },
    handler: (request) => tuning.mark(contextOf(request), request.params.masterAccountId, request.body.hit_id),
  });
  app.route({
    method: 'DELETE',
    url: '/api/value-matches/:masterAccountId/marks/:hitId',
    preValidation: managerOrAdmin,
    schema: {
      tags,
      params: z.object({ masterAccountId: z.string().min(1).max(64), hitId: z.string().trim().min(1).max(200) }),
      response: { 200: valueMatchMarkSchema },
    },
    handler: (request) => tuning.unmark(contextOf(request), request.params.masterAccountId, request.params.hitId),
  });
  app.route({
    method: 'GET',
    url: '/api/value-matches',
    preHandler: signedIn,
    schema: { tags, querystring: valueMatchFeedQuerySchema, response: { 200: valueMatchFeedSchema } },
    handler: (request) => {
      const q = request.query;
      return valueMatch.feed(contextOf(request), {
        tiers: q.tier,
        hypothesisIds: q.hypothesis_id,
        industries: q.industry,
        mine: q.mine,
        viewAs: q.view_as,
        offset: q.offset,
        limit: q.limit,
      });
    },
  });
  app.route({
    method: 'GET',
    url: '/api/value-matches/status',
    preHandler: signedIn,
    schema: { tags, response: { 200: valueMatchStatusSchema } },
    handler: (request) => valueMatch.status(contextOf(request)),
  });
  app.route({
    method: 'GET',
    url: '/api/value-matches/industries',
    preHandler: signedIn,
    schema: { tags, response: { 200: valueMatchIndustriesSchema } },
    handler: (request) => valueMatch.industries(contextOf(request)),
  });
  app.route({
    method: 'GET',
    url: '/api/value-matches/:masterAccountId',
    preHandler: signedIn,
    schema: {
      tags,
      params: z.object({ masterAccountId: z.string().min(1).max(64) }),
      response: { 200: valueMatchDetailSchema },
    },
    handler: (request) => valueMatch.detail(contextOf(request), request.params.masterAccountId),
  });
  app.route({
    method: 'POST',
    url: '/api/value-matches/:masterAccountId/assignment',
    preHandler: signedIn,
    schema: {
      tags,
      params: z.object({ masterAccountId: z.string().min(1).max(64) }),
      body: assignAccountBodySchema,
      response: { 200: accountAssignmentSchema },
    },
    handler: (request) => valueMatch.assign(contextOf(request), request.params.masterAccountId, request.body.uid),
  });
  app.route({
    method: 'DELETE',
    url: '/api/value-matches/:masterAccountId/assignment/:uid',
    preHandler: signedIn,
    schema: {
      tags,
      params: z.object({ masterAccountId: z.string().min(1).max(64), uid: z.string().trim().min(1).max(200) }),
      response: { 200: accountUnassignmentSchema },
    },
    handler: (request) => valueMatch.unassign(contextOf(request), request.params.masterAccountId, request.params.uid),
  });
}
