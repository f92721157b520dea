import type { FastifyReply, FastifyRequest } from 'fastify';

/** better-auth speaks Web Headers; Fastify gives a plain object. */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return headers;
}

/** Passes the cookies better-auth set (session, sign-out) through to the reply. */
export function forwardSetCookies(from: Headers, reply: FastifyReply): void {
  const cookies = from.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}
