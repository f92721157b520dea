import type { ErrorBody } from '@quarry/shared';
import { BACKEND_TIMEOUT_MS } from '@quarry/shared/constants';

/** A failed API call: the server's status, stable code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

type RequestOptions = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** 'blob' for a file the server sends (a CSV download); errors are still read as JSON. */
  responseType?: 'json' | 'blob';
};

/** JSON over fetch with the session cookie and the spec's 30 second timeout. */
export async function api<T>(
  path: string,
  { method = 'GET', body, signal, headers, responseType = 'json' }: RequestOptions = {},
): Promise<T> {
  const timeout = AbortSignal.timeout(BACKEND_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError(0, 'timeout', 'The server took too long to answer, please try again');
    }
    throw new ApiError(0, 'network', 'Could not reach Quarry, please check your connection');
  }
  if (response.status === 204) return undefined as T;
  if (response.ok) return (responseType === 'blob' ? await response.blob() : await response.json()) as T;
  const payload = (await response.json().catch(() => null)) as ErrorBody | null;
  throw new ApiError(
    response.status,
    payload?.error?.code ?? 'unknown',
    payload?.error?.message ?? `Request failed (${response.status})`,
  );
}
