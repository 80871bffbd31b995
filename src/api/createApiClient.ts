/**
 * The ApiClient: one line per call (method, path, body, and the mapper that reads the answer).
 * HTTP, errors and session expiry are the transport's; wire names are the mappers'.
 */
import { API_PATHS, CONTENT_IDS, PROGRAM_PAGE_SIZE, type TokenRequestBody, type UsersMeBody } from '../../contract';
import { chunkLoadFailure, unexpectedAnswer } from './errors';
import {
  kitContentsOpenedBody,
  mapCurrentUser,
  mapLogin,
  mapResetPasswordAnswer,
  mapUnlockAnswer,
} from './mappers';
import type * as PageMappers from './pageMappers';
import type * as RosterMappers from './rosterMappers';
import { createTransport, type ExpiryRule, type TransportOptions } from './transport';
import type { ApiClient } from './types';

export interface ApiClientOptions extends TransportOptions {
  /** Shared key sent as AUTH_KEY in wl/v1 bodies. */
  authKey: string;
}

type Mapper<T> = (wire: never) => T;

/** Runs a mapper; a record it cannot read leaves as an 'unexpected_answer' ApiError, never a TypeError. */
function read<T>(mapper: Mapper<T>): (answer: unknown) => T {
  return (answer) => {
    try {
      return mapper(answer as never);
    } catch {
      throw unexpectedAnswer();
    }
  };
}

const nothing = (): void => undefined;

/**
 * What mapLesson reads of each model in a program's list (WordPress's `_fields`): a model's
 * galleries are most of its page and only its own page shows them.
 */
export const MODEL_CARD_FIELDS = 'id,parent,title,menu_order,metadata,single_model_lego_color,small_image,program_name,show_in_diffrent_tabs,unlocked';

/** How long an early answer waits for its page (its code loads in well under a second, even on a slow network). */
const EARLY_ANSWER_MS = 10_000;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const send = createTransport(options);
  const ask = (path: string) => send({ method: 'GET', path, expiry: 'jwt' });
  /** Reads started by askEarly, by token and path: each taken once, by the same token, while fresh. */
  const early = new Map<string, Promise<unknown>>();
  const earlyKey = (path: string) => `${options.getToken()} ${path}`;
  /** The early answer to this call if one is waiting, else the call itself. */
  const takeEarly = (key: string, start: () => Promise<unknown>) => {
    const kept = early.get(key);
    early.delete(key);
    return kept ?? start();
  };
  const keepEarly = (key: string, answer: Promise<unknown>) => {
    answer.catch(nothing); // a failure is the page's to report, when it asks
    early.set(key, answer);
    setTimeout(() => early.get(key) === answer && early.delete(key), EARLY_ANSWER_MS); // not a later ask's answer
  };
  const get = (path: string) => takeEarly(earlyKey(path), () => ask(path));
  const post = (path: string, body?: object, expiry: ExpiryRule = 'jwt') => send({ method: 'POST', path, body, expiry });
  /** The rosters' two lists are POSTs (wl/v1 carries AUTH_KEY in the body), kept early like the content's reads. */
  const rosterListKey = (path: string) => earlyKey(`POST ${path}`);
  const rosterList = (path: string) => takeEarly(rosterListKey(path), () => post(path, wl()));
  /** Every wl/v1 body carries AUTH_KEY, first; wp/v2 routes reject unknown fields, so never there. */
  const wl = (fields: object = {}) => ({ AUTH_KEY: options.authKey, ...fields });
  const pagesOf = (parent: number) => `${API_PATHS.pages}?parent=${parent}&per_page=${PROGRAM_PAGE_SIZE}`;
  const modelsOf = (program: number) => `${pagesOf(program)}&_fields=${MODEL_CARD_FIELDS}`;
  /** Content mappers load with the first content call (they are not needed to sign in). */
  const pageMappers = () => import(/* webpackChunkName: "api-pages" */ './pageMappers').catch(() => Promise.reject(chunkLoadFailure()));
  const content = async <T>(path: string, pick: (mappers: typeof PageMappers) => Mapper<T>): Promise<T> => {
    const [answer, mappers] = await Promise.all([get(path), pageMappers()]);
    return read(pick(mappers))(answer);
  };

  /** The rosters' mappers load with the first roster call (they are not needed to sign in either). */
  const rosterMappers = (): Promise<typeof RosterMappers> => import(/* webpackChunkName: "api-roster" */ './rosterMappers').catch(() => Promise.reject(chunkLoadFailure()));
  const roster = async <T>(request: Promise<unknown>, pick: (mappers: typeof RosterMappers) => Mapper<T>): Promise<T> => {
    const [answer, mappers] = await Promise.all([request, rosterMappers()]);
    return read(pick(mappers))(answer);
  };

  return {
    login: (username, password) => post(API_PATHS.token, { username, password } satisfies TokenRequestBody, 'never').then(read(mapLogin)),
    validateToken: () => post(API_PATHS.validateToken, undefined, 'anyAuthFailure').then(nothing),
    getAllStudents: () => roster(rosterList(API_PATHS.allStudents), (m) => m.mapStudents),
    getAllUsers: () => roster(rosterList(API_PATHS.allUsers), (m) => m.mapUsers),
    createStudent: async (input) => {
      const mappers = await rosterMappers();
      return post(API_PATHS.createStudent, wl(mappers.newStudentFields(input))).then(read(mappers.mapCreateStudentOutcome));
    },
    resetPassword: (email) => post(API_PATHS.resetPassword, wl({ user_email: email })).then(mapResetPasswordAnswer),
    getTermsPage: () => content(API_PATHS.page(CONTENT_IDS.termsPage), (m) => m.mapContentPage),
    getPrograms: () => content(pagesOf(CONTENT_IDS.programsRoot), (m) => m.mapPrograms),
    getLessons: (programId) => content(modelsOf(programId), (m) => m.mapLessons),
    getLesson: (lessonId) => content(API_PATHS.page(lessonId), (m) => m.mapLessonDetail),
    askEarly: (programId, lessonId) => {
      pageMappers().catch(nothing); // their chunk too, or it would be one more wait after the answers
      for (const path of [pagesOf(CONTENT_IDS.programsRoot), modelsOf(programId), ...(lessonId ? [API_PATHS.page(lessonId)] : [])]) keepEarly(earlyKey(path), ask(path));
    },
    askRosterEarly: () => {
      rosterMappers().catch(nothing);
      for (const path of [API_PATHS.allStudents, API_PATHS.allUsers]) keepEarly(rosterListKey(path), post(path, wl()));
    },
    unlockLesson: (lessonId, code) => post(API_PATHS.unlockLesson, wl({ lesson_id: lessonId, code })).then(read(mapUnlockAnswer(lessonId))),
    markKitContentsOpened: () => post(API_PATHS.usersMe, kitContentsOpenedBody).then(nothing),
    saveLocale: (locale) => post(API_PATHS.usersMe, { locale } satisfies UsersMeBody).then(nothing),
    // A token given here is not the session's yet: its rejection is no expiry.
    getCurrentUser: (token) => send({ method: 'GET', path: `${API_PATHS.usersMe}?context=edit`, expiry: token ? 'never' : 'jwt', token }).then(read(mapCurrentUser)),
    // Anonymous: a stale stored token would make WordPress's JWT plugin refuse even the index.
    getSiteCapabilities: async () => {
      const [answer, { mapSiteCapabilities }] = await Promise.all([
        send({ method: 'GET', path: API_PATHS.restIndex, expiry: 'never' }),
        import(/* webpackChunkName: "api-site-index" */ './siteIndexMapper').catch(() => Promise.reject(chunkLoadFailure())),
      ]);
      return read(mapSiteCapabilities)(answer);
    },
    createFranchiseOwner: async (input) => {
      const mappers = await rosterMappers();
      return post(API_PATHS.createFranchiseOwner, wl(mappers.newFranchiseOwnerFields(input))).then(read(mappers.mapCreatedOwner));
    },
    request: send,
    upload: async (request) => {
      const { xhrRequest } = await import(/* webpackChunkName: "api-upload" */ './xhrRequest').catch(() => Promise.reject(chunkLoadFailure()));
      return xhrRequest(options, request);
    },
  };
}
