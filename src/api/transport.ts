/**
 * The one place that talks HTTP: URL, headers, the token, JSON in and out, and every failure turned
 * into a plain ApiError that it throws. It also notices when the backend has ended the session.
 */
import { httpFailureKind, invalidJson, isJwtAuthCode, networkFailure, parseRetryAfter } from './errors';
import { isObj, toText } from './mappers';
import type { ApiError } from './types';

export interface TransportOptions {
  /** '' for the origin that served the app. */
  siteUrl: string;
  getToken: () => string | null;
  /** Called once per 401, or 403 with a jwt_auth code: the session is over. */
  onSessionExpired: () => void;
  fetch?: typeof fetch;
}

/** How a call treats a rejected token (docs/spec/api-contract.md section 2). */
export type ExpiryRule =
  /** The login route: never sends the session's token, and its 403s are wrong passwords, not expiry. */
  | 'never'
  /** token/validate: any 401 or 403 means the stored token is no good. */
  | 'anyAuthFailure'
  /** Everything else: a 401, or a 403 whose code starts with jwt_auth. */
  | 'jwt';

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: object;
  expiry: ExpiryRule;
  /** Sent instead of the session's token. */
  token?: string;
  /** A stream (text/event-stream): a successful answer is the response's body as it arrives, read until this signal aborts. */
  stream?: AbortSignal;
  /** The request outlives the page (a place saved as the tab closes); small bodies only. */
  keepalive?: boolean;
}

function sessionRejected(expiry: ExpiryRule, status: number, code: string): boolean {
  if (expiry === 'anyAuthFailure') return status === 401 || status === 403;
  return expiry === 'jwt' && (status === 401 || (status === 403 && isJwtAuthCode(code)));
}

/** A WordPress error answer ({ code, message, data: { status, params } }) as ApiError data. */
function httpFailure(response: Response, parsed: unknown, expiry: ExpiryRule): ApiError {
  const wpError = isObj(parsed) ? parsed : {};
  const data = isObj(wpError.data) ? wpError.data : {};
  const code = toText(wpError.code) || `http_${response.status}`;
  const error: ApiError = {
    kind: httpFailureKind(response.status, sessionRejected(expiry, response.status, code)),
    status: response.status,
    code,
    message: toText(wpError.message) || response.statusText || `HTTP ${response.status}`,
  };
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  if (retryAfter !== undefined) error.retryAfter = retryAfter;
  if (isObj(data.params)) error.params = Object.fromEntries(Object.entries(data.params).map(([key, value]) => [key, toText(value)]));
  return error;
}

/** Returns `send(request)`: the parsed JSON answer (null for an empty body), or a thrown ApiError. */
export function createTransport(options: TransportOptions) {
  const base = options.siteUrl.replace(/\/+$/, '');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  /** The token already reported as expired, so parallel calls failing on it report it once. */
  let reportedToken: string | null | undefined;

  function reportExpiry(token: string | null) {
    if (token !== null && token === reportedToken) return;
    reportedToken = token;
    options.onSessionExpired();
  }

  return async function send(request: ApiRequest): Promise<unknown> {
    // The token never goes to the login route: a stale one would poison it (docs/spec/api-contract.md section 2).
    const token = request.token ?? (request.expiry === 'never' ? null : options.getToken());
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    let body: string;
    try {
      response = await doFetch(`${base}${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        // The JWT is the credential; cookies of a WordPress site must not change who we are. The calls
        // outside the session (the sign-in, its who-am-I, the site's index) carry same-origin cookies
        // for the sign-in's sake: the portal's "known place" cookie, sent back to its sign-in route alone.
        credentials: request.expiry === 'never' ? 'same-origin' : 'omit',
        signal: request.stream,
        ...(request.keepalive ? { keepalive: true } : {}),
      });
    } catch {
      throw networkFailure();
    }
    if (request.stream && response.ok && response.body) return response.body;
    try {
      body = await response.text();
    } catch {
      throw networkFailure(response.status);
    }

    let parsed: unknown = null;
    let parseFailed = false;
    if (body.trim() !== '') {
      try {
        parsed = JSON.parse(body);
      } catch {
        parseFailed = true;
      }
    }
    if (!response.ok) {
      const error = httpFailure(response, parsed, request.expiry);
      if (error.kind === 'expired') reportExpiry(token);
      throw error;
    }
    if (parseFailed) throw invalidJson(response.status);
    return parsed;
  };
}
