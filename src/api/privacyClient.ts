/**
 * The calls about a child's data and the terms acceptances (contract/privacy.ts). Loaded only by the
 * lazy screens that use them (the student's page, the terms check): the entry carries none of it.
 */
import { PRIVACY_PATHS, type StudentDataExport, type StudentEraseResult, type TermsAcceptanceState } from '../../contract/privacy';
import { isObj } from './mappers';
import { createTransport, type TransportOptions } from './transport';
import type { ApiError } from './types';

export interface PrivacyApi {
  getStudentData(studentId: number): Promise<StudentDataExport>;
  eraseStudent(studentId: number): Promise<StudentEraseResult>;
  getTermsState(): Promise<TermsAcceptanceState>;
  acceptTerms(version: string): Promise<TermsAcceptanceState>;
}

function expectObject<T>(answer: unknown): T {
  if (!isObj(answer)) throw { kind: 'server', status: 200, code: 'unexpected_answer', message: 'The answer had an unexpected shape.' } satisfies ApiError;
  return answer as T;
}

export function createPrivacyApi(options: TransportOptions): PrivacyApi {
  const send = createTransport(options);
  return {
    getStudentData: (id) => send({ method: 'GET', path: PRIVACY_PATHS.studentData(id), expiry: 'jwt' }).then(expectObject<StudentDataExport>),
    eraseStudent: (id) => send({ method: 'DELETE', path: PRIVACY_PATHS.studentErase(id), body: { confirm: true }, expiry: 'jwt' }).then(expectObject<StudentEraseResult>),
    getTermsState: () => send({ method: 'GET', path: PRIVACY_PATHS.termsAcceptance, expiry: 'jwt' }).then(expectObject<TermsAcceptanceState>),
    acceptTerms: (version) => send({ method: 'POST', path: PRIVACY_PATHS.termsAcceptance, body: { version }, expiry: 'jwt' }).then(expectObject<TermsAcceptanceState>),
  };
}
