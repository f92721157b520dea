import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';

/** A request a fake vendor received, with whether it kept the vendor's contract. */
export type FakeVendorRequest = {
  method: string;
  path: string;
  /** The query string, with its `?` (empty without one). */
  search: string;
  at: number;
  body: unknown;
  violation: string | null;
};

/** `html`, when given, is sent as the page instead of `body` as JSON (a vendor's consent page). */
export type FakeAnswer = { status: number; body: unknown; headers?: Record<string, string>; html?: string };

/** Checks a body against a contract schema; the issues as one line, or null when it holds. */
export function violationOf(schema: z.ZodType, body: unknown): string | null {
  const parsed = schema.safeParse(body);
  return parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
}

/**
 * A local HTTP server standing in for a vendor's API: it records each request, refuses a wrong
 * credential with the vendor's own answer, can be told to answer 429 with Retry-After, and leaves
 * the rest to `route`, which sets `violation` when a request breaks the contract.
 */
export async function startFakeVendorServer(options: {
  authorized: (req: http.IncomingMessage, url: URL) => boolean;
  unauthorized: FakeAnswer;
  throttled: (retryAfter: string) => FakeAnswer;
  route: (method: string, url: URL, body: unknown, entry: FakeVendorRequest, req: http.IncomingMessage) => FakeAnswer;
  latencyMs?: number;
}) {
  const requests: FakeVendorRequest[] = [];
  let throttleNext = 0;
  let retryAfter = '1';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const entry: FakeVendorRequest = {
        method: req.method ?? '',
        path: url.pathname,
        search: url.search,
        at: Date.now(),
        body,
        violation: null,
      };
      requests.push(entry);
      setTimeout(() => {
        let answer: FakeAnswer;
        if (!options.authorized(req, url)) answer = options.unauthorized;
        else if (throttleNext > 0) {
          throttleNext -= 1;
          answer = options.throttled(retryAfter);
        } else answer = options.route(req.method ?? '', url, body, entry, req);
        const type = answer.html === undefined ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8';
        res.writeHead(answer.status, { 'content-type': type, ...(answer.headers ?? {}) });
        res.end(answer.html ?? JSON.stringify(answer.body));
      }, options.latencyMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    throttle(count: number, after = '1') {
      throttleNext = count;
      retryAfter = after;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
