/** The office's owner page: the portal backend's owner routes (contract/owners.ts). */
import { OWNER_PATHS, type OwnerDeactivateBody, type OwnerEdit, type OwnerRecord, type OwnerTotals } from '../../../contract/owners';
import { expectList, expectRecord, portalCall } from '../../api/portalCall';

export const getOwner = portalCall((id: number) => ({ method: 'GET', path: OWNER_PATHS.owner(id) }), expectRecord<OwnerRecord>);

/** Only the fields that changed. */
export const editOwner = portalCall((id: number, edit: OwnerEdit) => ({ method: 'PATCH', path: OWNER_PATHS.owner(id), body: edit }), expectRecord<OwnerRecord>);

/** Her sign-in and every session of hers end at once; her students are kept or handed over in the same change. */
export const deactivateOwner = portalCall((id: number, body: OwnerDeactivateBody) => ({ method: 'POST', path: OWNER_PATHS.deactivate(id), body }), expectRecord<OwnerRecord>);

export const reactivateOwner = portalCall((id: number) => ({ method: 'POST', path: OWNER_PATHS.reactivate(id) }), expectRecord<OwnerRecord>);

/** Every owner's status: the hand-over offers the active ones. */
export const getOwnerTotals = portalCall(() => ({ method: 'GET', path: OWNER_PATHS.totals }), expectList<OwnerTotals>);
