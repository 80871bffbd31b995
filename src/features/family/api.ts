/**
 * The family's calls (contract/family.ts). The parent's token goes with each call explicitly: it is
 * not the session's token (there is none), and a refusal of it ends the family session alone, in
 * the saga, never the app's session ('never': the transport reports no expiry for these calls).
 */
import {
  FAMILY_PATHS,
  type FamilyChild,
  type FamilyLanguage,
  type FamilyOverview,
  type FamilySession,
  type FamilySettingsInput,
  type FamilySignInLinkAnswer,
  type FamilyUnsubscribeAnswer,
} from '../../../contract/family';
import type { StudentDataExport } from '../../../contract/privacy';
import { expectRecord, ignoreAnswer, portalCall } from '../../api/portalCall';

export const askForSignInLink = portalCall(
  (email: string, language: FamilyLanguage) => ({ method: 'POST', path: FAMILY_PATHS.signInLink, body: { email, language }, expiry: 'never' }),
  expectRecord<FamilySignInLinkAnswer>,
);

export const openFamilySession = portalCall(
  (secret: string) => ({ method: 'POST', path: FAMILY_PATHS.session, body: { secret }, expiry: 'never' }),
  expectRecord<FamilySession>,
);

export const endFamilySession = portalCall((token: string) => ({ method: 'DELETE', path: FAMILY_PATHS.signOut, token, expiry: 'never' }), ignoreAnswer);

export const getFamilyOverview = portalCall((token: string) => ({ method: 'GET', path: FAMILY_PATHS.overview, token, expiry: 'never' }), expectRecord<FamilyOverview>);

export const getChildData = portalCall(
  (token: string, studentId: number) => ({ method: 'GET', path: FAMILY_PATHS.childData(studentId), token, expiry: 'never' }),
  expectRecord<StudentDataExport>,
);

export const askForErasure = portalCall(
  (token: string, studentId: number) => ({ method: 'POST', path: FAMILY_PATHS.erasureRequest(studentId), body: {}, token, expiry: 'never' }),
  expectRecord<FamilyChild>,
);

export const writeToTeacher = portalCall(
  (token: string, studentId: number, text: string) => ({ method: 'POST', path: FAMILY_PATHS.message(studentId), body: { text }, token, expiry: 'never' }),
  ignoreAnswer,
);

export const saveFamilySettings = portalCall(
  (token: string, settings: FamilySettingsInput) => ({ method: 'PUT', path: FAMILY_PATHS.settings, body: settings, token, expiry: 'never' }),
  expectRecord<FamilyOverview>,
);

export const unsubscribeFamily = portalCall(
  (secret: string) => ({ method: 'POST', path: FAMILY_PATHS.unsubscribe(secret), body: {}, expiry: 'never' }),
  expectRecord<FamilyUnsubscribeAnswer>,
);
