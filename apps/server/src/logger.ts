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

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, redact: REDACTED_PATHS };
  return destination ? pino(options, destination) : pino(options);
}
