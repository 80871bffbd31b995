import { isJwtAuthCode, parseRetryAfter } from './errors';
import { firstRole, mapLogin, mapStudents, mapUsers, toNumber, toNumberOrNull, toText } from './mappers';
import type { ApiClient, ApiError, CreateStudentOutcome } from './types';
import {
  API_PATHS,
  CONTENT_IDS,
  PROGRAM_PAGE_SIZE,
  type CreateFranchiseOwnerBody,
  type CreateStudentBody,
  type TokenRequestBody,
  type TokenResponse,
  type WirePage,
} from '../../contract';

export interface ApiClientOptions {
  /** '' for the origin that served the app. */
  siteUrl: string;
  authKey: string;
  getToken: () => string | null;
  /** Called once per 401, or 403 with a jwt_auth code: the session is over. */
  onSessionExpired: () => void;
  fetch?: typeof fetch;
}

/** How a call treats a rejected token (api-contract.md section 2). */
type ExpiryRule =
  /** The login route: never sends the token, and its 403s are wrong passwords, not expiry. */
  | 'never'
  /** token/validate: any 401 or 403 means the stored token is no good. */
  | 'anyAuthFailure'
  /** Everything else: a 401, or a 403 whose code starts with jwt_auth. */
  | 'jwt';

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: object;
  expiry: ExpiryRule;
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

const NETWORK_MESSAGE = 'Could not reach the server.';

/**
 * The one ApiClient: knows URLs, headers and wire shapes, and turns every failure into a plain,
 * serializable ApiError that it throws. Mappers accept what WordPress really sends.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.siteUrl.replace(/\/+$/, '');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  /** The token already reported as expired, so parallel calls failing on it report it once. */
  let reportedToken: string | null | undefined;

  const fail = (error: ApiError): never => {
    throw error;
  };

  function reportExpiry(token: string | null) {
    if (token !== null && token === reportedToken) return;
    reportedToken = token;
    options.onSessionExpired();
  }

  async function send(call: Call): Promise<unknown> {
    const token = call.expiry === 'never' ? null : options.getToken();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    // The token never goes to the login route: a stale one would poison it (api-contract.md 2).
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await doFetch(`${base}${call.path}`, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        // The JWT is the credential; cookies of a WordPress site must not change who we are.
        credentials: 'omit',
      });
    } catch {
      return fail({ kind: 'network', status: 0, code: 'network_error', message: NETWORK_MESSAGE });
    }

    let text: string;
    try {
      text = await response.text();
    } catch {
      return fail({ kind: 'network', status: response.status, code: 'network_error', message: NETWORK_MESSAGE });
    }
    let parsed: unknown = null;
    let parseFailed = false;
    if (text.trim() !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parseFailed = true;
      }
    }

    if (!response.ok) {
      const wpError = isObj(parsed) ? parsed : {};
      const data = isObj(wpError.data) ? wpError.data : {};
      const error: ApiError = {
        kind: 'http',
        status: response.status,
        code: toText(wpError.code) || `http_${response.status}`,
        message: toText(wpError.message) || response.statusText || `HTTP ${response.status}`,
      };
      const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
      if (retryAfter !== undefined) error.retryAfter = retryAfter;
      if (isObj(data.params)) {
        error.params = Object.fromEntries(Object.entries(data.params).map(([key, value]) => [key, toText(value)]));
      }
      const expired =
        call.expiry === 'anyAuthFailure'
          ? error.status === 401 || error.status === 403
          : call.expiry === 'jwt' && (error.status === 401 || (error.status === 403 && isJwtAuthCode(error.code)));
      if (expired) reportExpiry(token);
      return fail(error);
    }
    if (parseFailed) {
      return fail({ kind: 'parse', status: response.status, code: 'invalid_json', message: 'The answer was not JSON.' });
    }
    return parsed;
  }

  /** Runs a mapper; a record it cannot read leaves as a 'parse' ApiError, never a TypeError. */
  function map<T>(value: unknown, mapper: (value: never) => T): T {
    try {
      return mapper(value as never);
    } catch {
      return fail({ kind: 'parse', status: 200, code: 'unexpected_answer', message: 'The answer had an unexpected shape.' });
    }
  }

  const post = (path: string, body: object | undefined, expiry: ExpiryRule = 'jwt') => send({ method: 'POST', path, body, expiry });
  const get = (path: string) => send({ method: 'GET', path, expiry: 'jwt' });
  const wl = (path: string, fields: object = {}) => post(path, { AUTH_KEY: options.authKey, ...fields });
  /** Content mappers load with the first content call (they are not needed to sign in). */
  const pageMappers = () =>
    import(/* webpackChunkName: "api-pages" */ './pageMappers').catch(() =>
      fail({ kind: 'network', status: 0, code: 'chunk_load_error', message: NETWORK_MESSAGE }),
    );
  const pagesOf = (parent: number) => `${API_PATHS.pages}?parent=${parent}&per_page=${PROGRAM_PAGE_SIZE}`;

  return {
    async login(username, password) {
      const body: TokenRequestBody = { username, password };
      const answer = await post(API_PATHS.token, body, 'never');
      return map(answer as TokenResponse, mapLogin);
    },

    async validateToken() {
      await post(API_PATHS.validateToken, undefined, 'anyAuthFailure');
    },

    async getAllStudents() {
      return map(await wl(API_PATHS.allStudents), mapStudents);
    },

    async getAllUsers() {
      return map(await wl(API_PATHS.allUsers), mapUsers);
    },

    async createStudent(input) {
      const body: CreateStudentBody = {
        AUTH_KEY: options.authKey,
        ParentName: input.parentName,
        StudentFirstName: input.studentFirstName,
        StudentLastName: input.studentLastName,
        ParentEmail: input.parentEmail,
        Phone: input.phone,
        Program: input.program,
        LessonStartDate: input.startDate,
        LessonEndDate: input.endDate,
        NumberOfLessons: input.numberOfLessons,
        TeacherId: input.teacherId,
      };
      const answer = await post(API_PATHS.createStudent, body);
      // A plain string arrives as a JSON string literal ("email_sent", with the quotes).
      const outcome = typeof answer === 'string' ? answer.trim() : '';
      if (outcome === 'already_exists' || outcome === 'email_sent') return outcome satisfies CreateStudentOutcome;
      return fail({ kind: 'parse', status: 200, code: 'unexpected_answer', message: 'The answer had an unexpected shape.' });
    },

    async resetPassword(email) {
      const answer = await wl(API_PATHS.resetPassword, { user_email: email });
      if (typeof answer === 'string') return { message: answer };
      if (isObj(answer) && typeof answer.message === 'string') return { message: answer.message };
      return { message: '' };
    },

    async getTermsPage() {
      const [answer, { mapContentPage }] = await Promise.all([get(API_PATHS.page(CONTENT_IDS.termsPage)), pageMappers()]);
      return map(answer, mapContentPage);
    },

    async getPrograms() {
      const [answer, { mapPrograms }] = await Promise.all([get(pagesOf(CONTENT_IDS.programsRoot)), pageMappers()]);
      return map(answer, mapPrograms);
    },

    async getLessons(programId) {
      const [answer, { mapLessons }] = await Promise.all([get(pagesOf(programId)), pageMappers()]);
      return map(answer, mapLessons);
    },

    async getLesson(lessonId) {
      const [answer, { mapLessonDetail }] = await Promise.all([get(API_PATHS.page(lessonId)), pageMappers()]);
      return map(answer as WirePage, mapLessonDetail);
    },

    async unlockLesson(lessonId, code) {
      const answer = await wl(API_PATHS.unlockLesson, { lesson_id: lessonId, code });
      if (isObj(answer) && answer.unlocked === true) return { lessonId: toNumber(answer.lesson_id, lessonId), unlocked: true };
      return fail({ kind: 'parse', status: 200, code: 'unexpected_answer', message: 'The answer had an unexpected shape.' });
    },

    async saveUserMeta(meta) {
      await post(API_PATHS.usersMe, { meta });
    },

    async getCurrentUser() {
      const answer = await get(`${API_PATHS.usersMe}?context=edit`);
      if (!isObj(answer) || toNumberOrNull(answer.id) === null) {
        return fail({ kind: 'parse', status: 200, code: 'unexpected_answer', message: 'The answer had an unexpected shape.' });
      }
      return { id: toNumber(answer.id), role: firstRole(answer.roles), name: toText(answer.name) };
    },

    async createFranchiseOwner(input) {
      const body: CreateFranchiseOwnerBody = {
        AUTH_KEY: options.authKey,
        FirstName: input.firstName,
        LastName: input.lastName,
        Email: input.email,
        Country: input.country,
        State: input.state,
        Territory: input.territory,
      };
      const answer = await post(API_PATHS.createFranchiseOwner, body);
      if (isObj(answer)) return { userId: toNumber(answer.user_id), username: toText(answer.username) };
      return fail({ kind: 'parse', status: 200, code: 'unexpected_answer', message: 'The answer had an unexpected shape.' });
    },
  };
}
