import { ApiError, NETWORK_ERROR_MESSAGE, parseApiError } from './api-error';
import { clearSession, getToken } from './session-store';

// The one HTTP client of the SPA. It owns the bearer token, the 202-is-success rule, the
// error envelope and what a 401 means. Feature api/ files call it; nothing else calls fetch
// for /api.

/** Same origin: the gateway serves the SPA and the API under /api. */
export const API_BASE = '/api';

export const NO_AUTH_USER_MESSAGE = 'No authenticated user';
export {
  ApiError,
  isApiError,
  isSubscriptionRequired,
  NETWORK_ERROR_MESSAGE,
  parseApiError,
} from './api-error';

type UnauthorizedHandler = () => void;

let onUnauthorized: UnauthorizedHandler = () => {
  if (typeof window !== 'undefined') window.location.assign('/login');
};

/** The app decides where a rejected session goes (the router knows the route set). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData goes up as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  /** Public calls (login, checkout, help content) pass false and send no token. */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** `/auth/login` → `/api/auth/login?…`; array values repeat the key. */
export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Performs the call and returns the raw Response when it succeeded (2xx; 202 Accepted is a
 * success: async jobs answer with it). Use for downloads; JSON callers use apiRequest.
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, query, auth = true, signal, headers = {} } = options;
  const requestHeaders: Record<string, string> = { Accept: 'application/json', ...headers };

  if (auth) {
    const token = getToken();
    if (!token) throw new ApiError(401, 'UNAUTHENTICATED', NO_AUTH_USER_MESSAGE);
    requestHeaders.Authorization = `Bearer ${token}`;
  }

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    requestHeaders['Content-Type'] = 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers: requestHeaders,
      body: payload,
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }

  if (response.ok) return response;

  const error = parseApiError(response.status, await readBody(response));
  // A rejected token ends the session; a 401 on a public call (wrong password) does not.
  if (auth && response.status === 401) {
    clearSession();
    onUnauthorized();
  }
  throw error;
}

/** JSON call: resolves with the parsed body (undefined for an empty one). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  return (await readBody(response)) as T;
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
