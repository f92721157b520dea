import type { ErrorBody } from '@quarry/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';

type FieldIssue = { field: string; message: string };

function fieldOf(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'body';
}

/**
 * Every failure leaves as `{ error: { code, message, details? } }`. Validation names the field;
 * nothing internal (stack, SQL) reaches the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: ErrorBody) => reply.code(status).send(body);

    if (error instanceof HttpError) {
      return send(error.status, { error: { code: error.code, message: error.message, details: error.details } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldIssue[] = error.validation.map((v) => {
        const unknownKeys = v.keyword === 'unrecognized_keys' ? (v.params as { keys?: string[] }).keys : undefined;
        const base = fieldOf(v.instancePath, error.validationContext);
        return unknownKeys?.length
          ? {
              field: unknownKeys.map((k) => (base === 'body' ? k : `${base}.${k}`)).join(', '),
              message: 'Unknown field',
            }
          : { field: base, message: v.message ?? 'Invalid value' };
      });
      const first = issues[0];
      return send(400, {
        error: {
          code: 'validation_failed',
          message: first ? `${first.field}: ${first.message}` : 'Invalid request',
          details: { fields: issues },
        },
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return send(500, { error: { code: 'internal_error', message: 'Something went wrong, please try again' } });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return send(413, { error: { code: 'payload_too_large', message: 'The request body is too large' } });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(400, { error: { code: 'bad_request', message: 'body: Malformed JSON' } });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(415, { error: { code: 'bad_request', message: 'Unsupported content type' } });
    }
    if (error.statusCode === 429) {
      return send(429, { error: { code: 'too_many_requests', message: error.message } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, { error: { code: 'bad_request', message: error.message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { error: { code: 'internal_error', message: 'Something went wrong, please try again' } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` } });
  });
}
