import type { Socket } from 'node:net';
import type { ErrorBody, ErrorCode, FieldIssue, FieldReason } from '@quarry/shared';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/database-unavailable.ts';
import { HttpError } from '../lib/http-error.ts';

type IssueParams = { origin?: string; minimum?: unknown; maximum?: unknown };

/** Bound of a length or count check, when it is a plain number. */
const limitOf = (bound: unknown) => (typeof bound === 'number' && Number.isFinite(bound) ? bound : undefined);

/**
 * A schema failure's reason, in the words the web translates (`fieldReasons`), and the bound it
 * names: "too_long" with 120 for a name over 120 characters, "required" for an empty text.
 */
function reasonOf(keyword: string, params: IssueParams): Pick<FieldIssue, 'reason' | 'limit'> {
  const kind =
    params.origin === 'string' ? 'text' : params.origin === 'array' || params.origin === 'set' ? 'list' : 'number';
  const sized = (reason: FieldReason, bound: unknown) => {
    const limit = limitOf(bound);
    // A bound that is not a plain number (a date) is not said: the refusal reads as the generic one.
    return limit === undefined ? { reason: 'invalid' as const } : { reason, limit };
  };
  switch (keyword) {
    case 'too_small':
      if (kind === 'text' && params.minimum === 1) return { reason: 'required' };
      return sized(kind === 'text' ? 'too_short' : kind === 'list' ? 'too_few_items' : 'too_small', params.minimum);
    case 'too_big':
      return sized(kind === 'text' ? 'too_long' : kind === 'list' ? 'too_many_items' : 'too_large', params.maximum);
    case 'invalid_type':
      return { reason: 'invalid_type' };
    case 'invalid_format':
      return { reason: 'invalid_format' };
    case 'invalid_value':
      return { reason: 'invalid_choice' };
    default:
      return { reason: 'invalid' };
  }
}

function fieldOf(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'body';
}

const INTERNAL_ERROR: ErrorBody = {
  error: { code: 'internal_error', message: 'Something went wrong, please try again' },
};

/** Seconds a client is asked to wait (Retry-After) while the server stops or its database is out of reach. */
export const RETRY_AFTER_SECONDS = 5;

const DATABASE_UNAVAILABLE: ErrorBody = {
  error: { code: 'database_unavailable', message: 'Quarry cannot reach its database, please try again shortly' },
};

/** The code a framework error of a 4xx status answers with when nothing more specific fits. */
const CODE_FOR_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'too_many_requests',
};

type ErrorAnswer = { status: number; body: ErrorBody; internal?: true; retryAfterSeconds?: number };

/**
 * The API's answer to a failure: status and `{ error: { code, message, details? } }`. Validation
 * names the field; nothing internal (stack, SQL) reaches the client. `internal` is set when the
 * failure is ours rather than the request's, so the caller logs it. A database out of reach is a
 * 503 with Retry-After: the request itself was fine and may succeed shortly.
 */
export function errorAnswer(error: FastifyError): ErrorAnswer {
  const answer = (status: number, code: ErrorCode, message: string, details?: unknown) => ({
    status,
    body: { error: details === undefined ? { code, message } : { code, message, details } },
  });

  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: { error: { code: error.code, message: error.message, details: error.details } },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues: FieldIssue[] = error.validation.map((v) => {
      const unknownKeys = v.keyword === 'unrecognized_keys' ? (v.params as { keys?: string[] }).keys : undefined;
      const base = fieldOf(v.instancePath, error.validationContext);
      return unknownKeys?.length
        ? {
            field: unknownKeys.map((k) => (base === 'body' ? k : `${base}.${k}`)).join(', '),
            message: 'Unknown field',
            reason: 'unknown_field',
          }
        : { field: base, message: v.message ?? 'Invalid value', ...reasonOf(v.keyword, v.params as IssueParams) };
    });
    const first = issues[0];
    return answer(400, 'validation_failed', first ? `${first.field}: ${first.message}` : 'Invalid request', {
      fields: issues,
    });
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: DATABASE_UNAVAILABLE, internal: true, retryAfterSeconds: RETRY_AFTER_SECONDS };
  }
  if (isResponseSerializationError(error)) return { status: 500, body: INTERNAL_ERROR, internal: true };
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return answer(413, 'payload_too_large', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return answer(400, 'bad_request', 'body: Malformed JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return answer(415, 'bad_request', 'Unsupported content type');
    case 'FST_ERR_BAD_URL':
      // Fastify's message repeats the path; the answer need not echo what the client sent.
      return answer(400, 'bad_request', 'The URL is not validly encoded');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return answer(414, 'bad_request', 'A part of the URL is too long');
  }
  const status = error.statusCode;
  if (status === 413) return answer(413, 'payload_too_large', 'The request body is too large');
  if (status && status >= 400 && status < 500) {
    return answer(status, CODE_FOR_STATUS[status] ?? 'bad_request', error.message);
  }
  return { status: 500, body: INTERNAL_ERROR, internal: true };
}

/**
 * Every failure leaves as `{ error: { code, message, details? } }`: errors raised while handling a
 * request (here), before a route is found (`frameworkErrors`) and while the request is still being
 * read off the socket (`clientErrorHandler`); the last two are options of Fastify itself.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body, internal, retryAfterSeconds } = errorAnswer(error);
    if (internal) {
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      } else if (body.error.code === 'database_unavailable') {
        request.log.error({ err: error }, 'database unavailable');
      } else {
        request.log.error({ err: error }, 'unhandled error');
      }
    }
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
    return reply.code(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` } });
  });
}

/**
 * Fastify's `frameworkErrors`: failures before any route is chosen (a URL that does not
 * percent-decode, an over-long path parameter). Fastify answers these on a bare reply that runs
 * neither the error handler nor the onSend hooks, so this sets what those would have.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body, internal } = errorAnswer(error);
  if (internal) request.log.error({ err: error }, 'framework error');
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
}

/**
 * Fastify's `clientErrorHandler`: the request could not even be parsed (headers too large, a
 * malformed request line, a client too slow to send its headers), so there is no request or reply,
 * only the socket. Answers in the API's shape, as Fastify's default does in its own, and closes.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body]: [number, string, ErrorBody] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          { error: { code: 'bad_request', message: 'The request headers are too large' } },
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', { error: { code: 'bad_request', message: 'The request took too long to arrive' } }]
        : [400, 'Bad Request', { error: { code: 'bad_request', message: 'The request is malformed' } }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
