import { jest } from '@jest/globals';
import { saveSession } from '@/lib/session-store';
import type { ProductUser } from '@/types/api';

// Component tests stub the network at the one place the SPA leaves the browser: fetch, under
// the real api client. Each test says what the server answers; every request is recorded with
// its method, path, query and JSON body, so a test can check what the form really sent.

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
};

export type FakeReply = {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
};

/** Answers one request; `undefined` means no route matched and the test fails loudly. */
export type FakeServer = (request: RecordedRequest) => FakeReply | Promise<FakeReply> | undefined;

/** A Response as far as the api client reads one (jsdom has no fetch Response). */
function fakeResponse({ status = 200, body, headers = {} }: FakeReply): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const lower = Object.fromEntries(
    Object.entries({
      'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
      ...headers,
    }).map(([key, value]) => [key.toLowerCase(), value]),
  );
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    text: () => Promise.resolve(text),
    blob: () => Promise.resolve(new Blob([text])),
  } as unknown as Response;
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  const headers = (init?.headers ?? {}) as Record<string, string>;
  return headers[name] ?? null;
}

/** Replaces fetch with `server` and returns the requests it saw. */
export function stubApi(server: FakeServer): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  // The api client always calls fetch with a path string.
  const fakeFetch = jest.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const raw = init?.body;
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw,
      authorization: headerOf(init, 'Authorization'),
    };
    requests.push(request);
    const reply = await server(request);
    if (!reply) throw new Error(`no fake route for ${request.method} ${request.path}`);
    return fakeResponse(reply);
  });
  globalThis.fetch = fakeFetch as unknown as typeof fetch;
  return requests;
}

/** A request the test holds open, to look at the form while it is sending. */
export function pendingReply(): { reply: Promise<FakeReply>; answer: (reply: FakeReply) => void } {
  let answer: (reply: FakeReply) => void = () => undefined;
  const reply = new Promise<FakeReply>((resolve) => {
    answer = resolve;
  });
  return { reply, answer };
}

/** The error envelope the gateway answers with. */
export function apiError(status: number, code: string, message: string): FakeReply {
  return { status, body: { success: false, error: { code, message } } };
}

/** Signs a test user in, so calls that need the token send one. */
export function signInTestUser(): void {
  saveSession({
    token: 'component-test-token',
    user: { id: 'user-1', email: 'reader@example.com' } as ProductUser,
  });
}
