// A loopback server that answers like POST /v1/chat/completions, for the real `openai` client
// in tests: the model is outside our walls, the client in the path is ours.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format: { type: string; json_schema: { strict: boolean; schema: object } };
  };
}

export type Answer = (res: ServerResponse, attempt: number) => void;

const servers: { close(): Promise<void> }[] = [];

/** Closes every server `fakeOpenAi` started (call it after each test). */
export async function closeFakeOpenAiServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => server.close()));
}

/** A server answering each request with `answer`; `seen` holds the requests in order. */
export async function fakeOpenAi(answer: Answer) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ url: req.url, headers: req.headers, body: JSON.parse(body) as Seen['body'] });
      answer(res, seen.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const handle = {
    baseURL: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(handle);
  return handle;
}

/** A chat completion whose message is `content`. */
export function completion(content: string | null) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_717_200_000,
    model: 'gpt-4o-mini',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
  };
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Answers every request with these fields as the model's JSON. */
export const answering =
  (fields: object): Answer =>
  (res) =>
    json(res, 200, completion(JSON.stringify(fields)));
