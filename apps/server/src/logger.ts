import pino, { type Logger } from 'pino';

/**
 * What never reaches a log line: session and bearer headers, and integration credentials wherever
 * a log call puts them (a request body, an error's details, a vendor call's headers).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'credential',
  '*.credential',
  '*.*.credential',
  'headers.authorization',
  '*.headers.authorization',
  'headers["x-api-key"]',
  '*.headers["x-api-key"]',
  'token',
  '*.token',
];

/** Query parameters whose values never reach a log line: an OAuth callback's code and state. */
const SECRET_QUERY = /([?&](?:code|state)=)[^&#]*/g;

/** A request as Fastify logs it, with the OAuth callback's code and state masked in its URL. */
function serializeRequest(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: (req.url ?? '').replace(SECRET_QUERY, '$1[redacted]'),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, redact: REDACTED_PATHS, serializers: { req: serializeRequest } };
  return destination ? pino(options, destination) : pino(options);
}
