import {
  createUploadBodySchema,
  UPLOAD_MAX_BYTES,
  uploadFailureLinesSchema,
  uploadIdParamsSchema,
  uploadListSchema,
  uploadSchema,
} from '@quarry/shared';
import { z } from 'zod';
import { contextOf, type Guard } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { UploadsService } from './uploads.service.ts';

const tags = ['uploads'];
/** The lines and some room for the JSON around them (escapes, the other fields). */
const UPLOAD_BODY_LIMIT = UPLOAD_MAX_BYTES * 2;

/** Add Accounts by upload (issue #16): start one, follow it, stop it, list past ones, download its failures. */
export function registerUploadsRoutes(app: App, { uploads, signedIn }: { uploads: UploadsService; signedIn: Guard }) {
  app.route({
    method: 'GET',
    url: '/api/uploads',
    preHandler: signedIn,
    schema: { tags, response: { 200: uploadListSchema } },
    handler: async (request) => ({ uploads: await uploads.list(contextOf(request)) }),
  });
  app.route({
    method: 'POST',
    url: '/api/uploads',
    preHandler: signedIn,
    bodyLimit: UPLOAD_BODY_LIMIT,
    schema: { tags, body: createUploadBodySchema, response: { 201: uploadSchema } },
    handler: async (request, reply) => reply.code(201).send(await uploads.create(contextOf(request), request.body)),
  });
  app.route({
    method: 'GET',
    url: '/api/uploads/:uploadId',
    preHandler: signedIn,
    schema: { tags, params: uploadIdParamsSchema, response: { 200: uploadSchema } },
    handler: (request) => uploads.get(contextOf(request), request.params.uploadId),
  });
  app.route({
    method: 'POST',
    url: '/api/uploads/:uploadId/cancel',
    preHandler: signedIn,
    schema: { tags, params: uploadIdParamsSchema, response: { 200: uploadSchema } },
    handler: (request) => uploads.cancel(contextOf(request), request.params.uploadId),
  });
  app.route({
    method: 'GET',
    url: '/api/uploads/:uploadId/failure-lines',
    preHandler: signedIn,
    schema: { tags, params: uploadIdParamsSchema, response: { 200: uploadFailureLinesSchema } },
    handler: (request) => uploads.failureLines(contextOf(request), request.params.uploadId),
  });
  app.route({
    method: 'GET',
    url: '/api/uploads/:uploadId/failures',
    preHandler: signedIn,
    schema: { tags, params: uploadIdParamsSchema, response: { 200: z.string() } },
    handler: async (request, reply) => {
      const { filename, csv } = await uploads.failuresCsv(contextOf(request), request.params.uploadId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  });
}
