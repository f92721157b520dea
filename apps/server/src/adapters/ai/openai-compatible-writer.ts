import { setTimeout as delay } from 'node:timers/promises';
import { FLOW_BODY_MAX, FLOW_SUBJECT_MAX } from '@quarry/shared';
import { z } from 'zod';
import { effectiveRules } from './effective-rules.ts';
import type { MessageContext, MessageWriter, WriteResult, WrittenStep } from './message-writer.ts';
import { ruleViolation } from './rule-violation.ts';
import { writerPrompt } from './writer-prompt.ts';

export type OpenAiCompatibleWriterOptions = {
  /** Up to the version segment: https://api.openai.com/v1, http://localhost:11434/v1, https://x.openai.azure.com/openai/v1. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer`; a local Ollama or vLLM may need none. */
  apiKey?: string;
  model: string;
  /** Per attempt, reading the answer included. */
  timeoutMs?: number;
  /** Further attempts after a 408, 429, 5xx, timeout or network error. */
  maxRetries?: number;
  fetch?: typeof fetch;
  /** How the writer waits between attempts (tests pass one that records and returns at once). */
  sleep?: (ms: number) => Promise<void>;
  /** No wait is longer than this, whatever Retry-After asks. */
  maxRetryWaitMs?: number;
  /** The first backoff wait without Retry-After, doubled at each retry. */
  retryBaseMs?: number;
  /** Reads an HTTP-date Retry-After against this clock. */
  now?: () => number;
};

const DETAIL_MAX = 300;
/** Output that fails validation gets this many more tries: a model's next sample often passes. */
const INVALID_OUTPUT_RETRIES = 1;

/** The chat-completions envelope, as much of it as a writer reads. */
const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullish(),
        message: z.object({
          content: z.union([z.string(), z.array(z.object({ text: z.string().nullish() }).loose())]).nullish(),
          refusal: z.string().nullish(),
        }),
      }),
    )
    .min(1),
});

function stepsSchema(count: number) {
  const text = (max: number, what: string, normalize: (s: string) => string) =>
    z
      .string()
      .transform(normalize)
      .pipe(z.string().min(1, `the ${what} is empty`).max(max, `the ${what} is longer than ${max} characters`));
  return z.object({
    steps: z
      .array(
        z.object({
          subject: text(FLOW_SUBJECT_MAX, 'subject', (s) => s.replace(/\s+/g, ' ').trim()),
          body: text(FLOW_BODY_MAX, 'body', (s) => s.replace(/\r\n?/g, '\n').trim()),
        }),
      )
      .length(count, `${count} ${count === 1 ? 'step was' : 'steps were'} asked for`),
  });
}

type Attempt =
  | { kind: 'done'; result: WriteResult }
  | { kind: 'invalid'; detail: string }
  | { kind: 'transient'; detail: string; waitMs: number | null };

/**
 * A chat-completions client (OpenAI, Azure OpenAI v1, Ollama, vLLM) asking for structured JSON,
 * validated with Zod and against the checkable email rules. Provider trouble comes back as a
 * result for a person to review, never as an exception; no detail ever holds the API key.
 */
export function createOpenAiCompatibleWriter(options: OpenAiCompatibleWriterOptions): MessageWriter {
  const {
    apiKey,
    model,
    timeoutMs = 30_000,
    maxRetries = 3,
    maxRetryWaitMs = 20_000,
    retryBaseMs = 500,
    now = Date.now,
  } = options;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const endpoint = completionsUrl(options.baseUrl);
  const where = safeOrigin(options.baseUrl);

  function redact(text: string): string {
    return apiKey ? text.split(apiKey).join('[redacted]') : text;
  }

  function fail(reason: 'provider_refused' | 'invalid_output' | 'provider_error', detail: string): WriteResult {
    return { ok: false, reason, detail: redact(cut(detail)) };
  }

  async function attempt(payload: string, count: number, rules: ReturnType<typeof effectiveRules>): Promise<Attempt> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (apiKey) headers.authorization = `Bearer ${apiKey}`;
      const response = await fetchFn(endpoint, { method: 'POST', headers, body: payload, signal: controller.signal });
      const text = await response.text();
      const { status } = response;
      if (status === 408 || status === 429 || status >= 500) {
        return {
          kind: 'transient',
          detail: `The AI provider at ${where} answered ${status}${providerMessage(text)}`,
          waitMs: retryAfterMs(response.headers, now()),
        };
      }
      if (status < 200 || status >= 300) {
        return {
          kind: 'done',
          result: fail(
            'provider_error',
            `The AI provider at ${where} refused the request (${status})${providerMessage(text)}`,
          ),
        };
      }
      return interpret(text, count, rules);
    } catch (error) {
      if (timedOut) {
        return {
          kind: 'transient',
          detail: `The AI provider at ${where} did not answer within ${seconds(timeoutMs)}`,
          waitMs: null,
        };
      }
      return {
        kind: 'transient',
        detail: `Could not reach the AI provider at ${where} (${networkCause(error)})`,
        waitMs: null,
      };
    } finally {
      clearTimeout(timer);
    }
  }

  function interpret(text: string, count: number, rules: ReturnType<typeof effectiveRules>): Attempt {
    let envelope: z.output<typeof completionSchema>;
    try {
      envelope = completionSchema.parse(JSON.parse(text));
    } catch {
      return { kind: 'invalid', detail: "The AI provider's answer was not a chat completion." };
    }
    const choice = envelope.choices[0];
    const refusal = choice?.message.refusal?.trim();
    if (refusal)
      return { kind: 'done', result: fail('provider_refused', `The model declined to write this message: ${refusal}`) };
    if (choice?.finish_reason === 'content_filter') {
      return { kind: 'done', result: fail('provider_refused', "The provider's content filter stopped the message.") };
    }
    if (choice?.finish_reason === 'length')
      return { kind: 'invalid', detail: "The model's answer was cut off before its end." };
    const raw = choice?.message.content;
    const content = (typeof raw === 'string' ? raw : (raw ?? []).map((part) => part.text ?? '').join('')).trim();
    if (!content) return { kind: 'invalid', detail: "The model's answer was empty." };
    let data: unknown;
    try {
      // Some local models fence their JSON in Markdown despite the schema.
      data = JSON.parse(content.replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1'));
    } catch {
      return { kind: 'invalid', detail: "The model's answer was not valid JSON." };
    }
    const parsed = stepsSchema(count).safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const step = typeof issue?.path[1] === 'number' ? `step ${issue.path[1] + 1}: ` : '';
      return {
        kind: 'invalid',
        detail: `The model's answer did not have the expected shape (${step}${issue?.message ?? 'unknown'}).`,
      };
    }
    const steps: WrittenStep[] = parsed.data.steps;
    const broken = ruleViolation(steps, rules);
    if (broken) return { kind: 'invalid', detail: broken };
    return { kind: 'done', result: { ok: true, steps } };
  }

  async function write(context: MessageContext): Promise<WriteResult> {
    const count = context.steps.length;
    if (count === 0) return { ok: true, steps: [] };
    const rules = effectiveRules(context.rules);
    const prompt = writerPrompt(context, rules);
    const payload = JSON.stringify({
      model,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'value_message_steps', strict: true, schema: prompt.schema },
      },
    });
    let attempts = 0;
    let retries = 0;
    let invalidRetries = 0;
    for (;;) {
      attempts++;
      const outcome = await attempt(payload, count, rules);
      if (outcome.kind === 'done') return outcome.result;
      if (outcome.kind === 'invalid') {
        if (invalidRetries++ < INVALID_OUTPUT_RETRIES) continue;
        return fail('invalid_output', outcome.detail);
      }
      if (retries >= maxRetries) {
        return fail('provider_error', `${outcome.detail} (${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}).`);
      }
      const backoff = retryBaseMs * 2 ** retries * (0.5 + Math.random() / 2);
      retries++;
      await sleep(Math.max(0, Math.min(maxRetryWaitMs, outcome.waitMs ?? backoff)));
    }
  }

  return {
    name: 'openai-compatible',
    write: async (context) => {
      try {
        return await write(context);
      } catch (error) {
        return fail(
          'provider_error',
          `The AI writer failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}

/** `${baseUrl}/chat/completions`, keeping a query string (Azure's api-version) where there is one. */
export function completionsUrl(baseUrl: string): string {
  // The address is not repeated: it may hold credentials.
  if (!URL.canParse(baseUrl)) throw new Error('The AI base URL (AI_BASE_URL) is not a valid URL.');
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  return url.toString();
}

/** The provider's address for a person to read: no user, password, path or query. */
function safeOrigin(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return 'the configured address';
  }
}

/** Retry-After in seconds or as an HTTP date, or OpenAI's retry-after-ms; null when absent or unreadable. */
function retryAfterMs(headers: Headers, nowMs: number): number | null {
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms && /^\d+(?:\.\d+)?$/.test(ms)) return Number(ms);
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(?:\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

/** ": <the provider's error message>" from an OpenAI-style error body, or nothing. */
function providerMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof body.error === 'string'
        ? body.error
        : typeof body.error?.message === 'string'
          ? body.error.message
          : body.message;
    if (typeof message === 'string' && message.trim()) return `: ${cut(message.trim(), 160)}`;
  } catch {
    // Not JSON (an HTML error page from a proxy): the status says enough.
  }
  return '';
}

function networkCause(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cut(cause.message, 100);
  return error instanceof Error ? cut(error.message, 100) : 'unknown error';
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

function cut(text: string, max = DETAIL_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
