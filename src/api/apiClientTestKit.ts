/**
 * What the createApiClient tests share: a client over a fake fetch that records each request (its
 * credentials mode too) and answers from a queue or a function, and the failure a call ends in.
 */
import { createApiClient, type ApiClientOptions } from './createApiClient';
import { isApiError } from './errors';
import type { ApiError } from './types';

export interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Reply = { status?: number; body?: unknown; raw?: string; headers?: Record<string, string> } | 'network';

/** A fake fetch that records each request and answers from a queue (or one reply for all). */
function fakeFetch(replies: Reply[] | ((seen: Seen) => Reply)) {
  const seen: Seen[] = [];
  /** Each request's credentials mode, in order. */
  const cookies: (RequestCredentials | undefined)[] = [];
  const queue = Array.isArray(replies) ? [...replies] : null;
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: Seen = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    cookies.push(init?.credentials);
    const reply = queue ? (queue.shift() ?? { status: 500 }) : (replies as (s: Seen) => Reply)(request);
    if (reply === 'network') throw new TypeError('Failed to fetch');
    const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(text, {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json; charset=UTF-8', ...reply.headers },
    });
  }) as typeof fetch;
  return { fetchImpl, seen, cookies };
}

export function client(replies: Reply[] | ((seen: Seen) => Reply), overrides: Partial<ApiClientOptions> = {}) {
  const { fetchImpl, seen, cookies } = fakeFetch(replies);
  const onSessionExpired = jest.fn();
  let token: string | null = 'stored-token';
  const api = createApiClient({
    siteUrl: 'https://site.test/',
    authKey: 'KEY',
    getToken: () => token,
    onSessionExpired,
    fetch: fetchImpl,
    ...overrides,
  });
  return { api, seen, cookies, onSessionExpired, setToken: (t: string | null) => (token = t) };
}

export async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(isApiError(error)).toBe(true);
    // Serializable: survives a JSON round trip unchanged.
    expect(JSON.parse(JSON.stringify(error))).toEqual(error);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

export const wpError = (status: number, code: string, message = 'msg') => ({ status, body: { code, message, data: { status } } });
