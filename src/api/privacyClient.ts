/**
 * The calls about a child's data and the terms acceptances (contract/privacy.ts). Loaded only by the
 * lazy screens that use them (the student's page, the terms check): the entry carries none of it.
 * Its own small fetch rather than transport.ts: sharing that module with a lazy chunk would take it
 * out of the entry's concatenated module and cost the login's budget.
 */
import { PRIVACY_PATHS, type StudentDataExport, type StudentEraseResult, type TermsAcceptanceState } from '../../contract/privacy';
import { httpFailureKind, invalidJson, isJwtAuthCode, networkFailure } from './errors';
import { isObj, toText } from './mappers';
import type { ApiError } from './types';

export interface PrivacyApi {
  getStudentData(studentId: number): Promise<StudentDataExport>;
  eraseStudent(studentId: number): Promise<StudentEraseResult>;
  getTermsState(): Promise<TermsAcceptanceState>;
  acceptTerms(version: string): Promise<TermsAcceptanceState>;
}

export interface PrivacyApiOptions {
  /** '' for the origin that served the app. */
  siteUrl: string;
  token: string | null;
}

/** A WordPress error answer as ApiError; a 401, or a 403 with a jwt_auth code, is an ended session ('expired'). */
function failure(status: number, parsed: unknown): ApiError {
  const wpError = isObj(parsed) ? parsed : {};
  const code = toText(wpError.code) || `http_${status}`;
  return { kind: httpFailureKind(status, status === 401 || (status === 403 && isJwtAuthCode(code))), status, code, message: toText(wpError.message) || `HTTP ${status}` };
}

export function createPrivacyApi(options: PrivacyApiOptions): PrivacyApi {
  const base = options.siteUrl.replace(/\/+$/, '');
  async function send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'omit' });
      text = await response.text();
    } catch {
      throw networkFailure();
    }
    let parsed: unknown = null;
    try {
      parsed = text.trim() === '' ? null : JSON.parse(text);
    } catch {
      if (response.ok) throw invalidJson(response.status);
    }
    if (!response.ok) throw failure(response.status, parsed);
    if (!isObj(parsed)) throw { kind: 'server', status: response.status, code: 'unexpected_answer', message: 'The answer had an unexpected shape.' } satisfies ApiError;
    return parsed as T;
  }
  return {
    getStudentData: (id) => send('GET', PRIVACY_PATHS.studentData(id)),
    eraseStudent: (id) => send('DELETE', PRIVACY_PATHS.studentErase(id), { confirm: true }),
    getTermsState: () => send('GET', PRIVACY_PATHS.termsAcceptance),
    acceptTerms: (version) => send('POST', PRIVACY_PATHS.termsAcceptance, { version }),
  };
}
