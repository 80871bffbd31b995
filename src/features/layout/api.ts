/** The terms of use the signed-in user has accepted, and accepting the current ones (contract/privacy.ts). */
import { PRIVACY_PATHS, type TermsAcceptanceInput, type TermsAcceptanceState } from '../../../contract/privacy';
import { expectRecord, portalCall } from '../../api/portalCall';

export const getTermsState = portalCall(() => ({ method: 'GET', path: PRIVACY_PATHS.termsAcceptance }), expectRecord<TermsAcceptanceState>);

export const acceptTerms = portalCall((version: string) => ({ method: 'POST', path: PRIVACY_PATHS.termsAcceptance, body: { version } satisfies TermsAcceptanceInput }), expectRecord<TermsAcceptanceState>);
