import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatRequest = {
  model?: unknown;
  temperature?: unknown;
  messages?: { role: string; content: string }[];
  response_format?: { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: unknown } };
};

/** A reply: a status and JSON or raw text; 'hang' never answers. A promise answers when it settles (a slow provider). */
export type ChatReply = { status?: number; json?: unknown; text?: string } | 'hang';

/** A chat completion whose message content is `content`, as OpenAI shapes one. */
export function chatCompletion(content: string, model = 'quarry-test-model') {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_773_446_400,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
  };
}

/**
 * A chat-completions server on 127.0.0.1 speaking the protocol: 404 off /v1/chat/completions,
 * 401 without the bearer key, 400 for a body that is not a chat completion request, and
 * otherwise whatever `respond` scripts for the request.
 */
export async function startFakeChatCompletions(
  apiKey: string,
  respond: (request: ChatRequest) => ChatReply | Promise<ChatReply>,
) {
  const received: ChatRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return answer(404, { error: { message: 'Not found' } });
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return answer(401, { error: { message: 'Incorrect API key provided' } });
      }
      let body: ChatRequest;
      try {
        body = JSON.parse(raw) as ChatRequest;
      } catch {
        return answer(400, { error: { message: 'We could not parse the JSON body of your request.' } });
      }
      if (typeof body.model !== 'string' || !Array.isArray(body.messages)) {
        return answer(400, { error: { message: 'model and messages are required' } });
      }
      received.push(body);
      void Promise.resolve(respond(body)).then((reply) => {
        // 'hang', or the client gave up (or was killed) while a slow reply was on its way.
        if (reply === 'hang' || res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(reply.text ?? JSON.stringify(reply.json));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
