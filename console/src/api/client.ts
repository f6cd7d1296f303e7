// The console's only way to the server: the admin API under /api/admin/v1 (JSON, the session
// cookie, and the CSRF token from sign-in on every unsafe request).

export const ADMIN_BASE = '/api/admin/v1';

/** An error answer of the API, in either of its shapes, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Field → problems, for INVALID_BODY. */
  readonly list: Record<string, string[]> | undefined;
  readonly body: unknown;

  constructor(status: number, code: string, message: string, list?: Record<string, string[]>, body?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.list = list;
    this.body = body;
  }
}

let csrfToken: string | null = null;
const signedOutListeners = new Set<() => void>();

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when any request answers 401: the session ended (expired, signed out elsewhere). */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

export function headersFor(method: string, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { ...extra };
  if (method !== 'GET' && method !== 'HEAD' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  return headers;
}

/** Reads an error answer into an ApiError (401's flat `{error, code}` or `{success:false, error:{…}}`). */
export function toApiError(status: number, body: unknown): ApiError {
  const record = (body ?? {}) as { error?: unknown; code?: unknown };
  if (typeof record.error === 'string')
    return new ApiError(status, String(record.code ?? 'AUTH_REQUIRED'), record.error, undefined, body);
  const error = (record.error ?? {}) as { code?: string; message?: string; list?: Record<string, string[]> };
  return new ApiError(
    status,
    error.code ?? 'UNKNOWN_ERROR',
    error.message ?? `The server answered ${status}.`,
    error.list,
    body,
  );
}

export function noteUnauthorized(status: number, path: string): void {
  if (status === 401 && path !== '/session') for (const listener of signedOutListeners) listener();
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return {
      error: {
        code: 'UNKNOWN_ERROR',
        message: `The server answered ${response.status} with something that is not JSON.`,
      },
    };
  }
}

/** One admin API call; resolves with the JSON body of a 2xx answer, rejects with ApiError. */
export async function api<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(ADMIN_BASE + path, {
      method,
      credentials: 'same-origin',
      headers: headersFor(method, body === undefined ? {} : { 'Content-Type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached. Check your connection and try again.');
  }
  const json = await readJson(response);
  if (!response.ok) {
    noteUnauthorized(response.status, path);
    throw toApiError(response.status, json);
  }
  return json as T;
}

/** A path segment, escaped. */
export function seg(value: string): string {
  return encodeURIComponent(value);
}

/** The API's largest page; `allPages` reads a whole list page after page (keys, members, webhooks). */
const LARGEST_PAGE = 100;
const MOST_PAGES = 100;

/** Every item of a paged list: `path` takes `?page=&size=`, `items` picks the list of an answer. */
export async function allPages<A extends { pagination: { hasNextPage: boolean } }, T>(
  path: string,
  items: (answer: A) => T[],
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; page <= MOST_PAGES; page++) {
    const answer = await api<A>('GET', `${path}?page=${page}&size=${LARGEST_PAGE}`);
    all.push(...items(answer));
    if (!answer.pagination.hasNextPage) break;
  }
  return all;
}
