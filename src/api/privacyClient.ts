/**
 * The calls about a child's data and the terms acceptances (contract/privacy.ts), over the
 * ApiClient's transport (ApiClient.request). Loaded only by the lazy screens that use them (the
 * student's page, the terms check): the entry carries none of it.
 */
import { PRIVACY_PATHS, type StudentDataExport, type StudentEraseResult, type TermsAcceptanceState } from '../../contract/privacy';
import { expectRecord } from './portalAnswers';
import type { ApiRequest } from './transport';

export interface PrivacyApi {
  getStudentData(studentId: number): Promise<StudentDataExport>;
  eraseStudent(studentId: number): Promise<StudentEraseResult>;
  getTermsState(): Promise<TermsAcceptanceState>;
  acceptTerms(version: string): Promise<TermsAcceptanceState>;
}

type Send = (request: ApiRequest) => Promise<unknown>;

export function createPrivacyApi(send: Send): PrivacyApi {
  const call = <T>(method: ApiRequest['method'], path: string, body?: object) => send({ method, path, ...(body ? { body } : {}), expiry: 'jwt' }).then(expectRecord<T>);
  return {
    getStudentData: (id) => call('GET', PRIVACY_PATHS.studentData(id)),
    eraseStudent: (id) => call('DELETE', PRIVACY_PATHS.studentErase(id), { confirm: true }),
    getTermsState: () => call('GET', PRIVACY_PATHS.termsAcceptance),
    acceptTerms: (version) => call('POST', PRIVACY_PATHS.termsAcceptance, { version }),
  };
}
