/** An owner's side of families (contract/family.ts): one family's language, and the erasure requests waiting. */
import { FAMILY_PATHS, type FamilyErasureRequest, type FamilyLanguage, type FamilyLanguageSetting } from '../../../contract/family';
import { expectList, expectRecord, portalCall } from '../../api/portalCall';

/** An administrator names the family's owner; an owner's families are her own. */
const ownerQuery = (ownerId: number | null) => (ownerId === null ? '' : `&owner=${ownerId}`);

export const getFamilyLanguage = portalCall(
  (parentEmail: string, ownerId: number | null) => ({ method: 'GET', path: `${FAMILY_PATHS.familyLanguage}?parentEmail=${encodeURIComponent(parentEmail)}${ownerQuery(ownerId)}` }),
  expectRecord<FamilyLanguageSetting>,
);

export const putFamilyLanguage = portalCall(
  (parentEmail: string, ownerId: number | null, language: FamilyLanguage) => ({
    method: 'PUT',
    path: FAMILY_PATHS.familyLanguage,
    body: { parentEmail, language, ...(ownerId === null ? {} : { owner: ownerId }) },
  }),
  expectRecord<FamilyLanguageSetting>,
);

export const getErasureRequests = portalCall(() => ({ method: 'GET', path: FAMILY_PATHS.erasureRequests }), expectList<FamilyErasureRequest>);
