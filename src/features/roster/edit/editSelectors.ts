import type { StoreState } from '../../../shared/storeHooks';
import { emptyDetails, rosterEditReducer, type AuditState, type RosterEditState, type StudentDetails } from './editSlice';

/** The store's state, with this feature's part once its screens have joined. */
export type WithRosterEdit = StoreState & { rosterEdit?: RosterEditState };

const initial = rosterEditReducer(undefined, { type: '@@rosterEdit/init' });

const selectRosterEdit = (state: WithRosterEdit): RosterEditState => state.rosterEdit ?? initial;

export const selectStudentDetails = (state: WithRosterEdit, id: number): StudentDetails => selectRosterEdit(state).students[id] ?? emptyDetails;

export const selectAudit = (state: WithRosterEdit): AuditState => selectRosterEdit(state).audit;
