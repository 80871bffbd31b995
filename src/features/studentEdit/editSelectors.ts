import { selectSliceState, type StateWith } from '../../shared/sliceState';
import { emptyDetails, rosterEditSlice, type AuditState, type StudentDetails } from './editSlice';

/** The store's state, with this feature's part once its screens have joined. */
export type WithRosterEdit = StateWith<typeof rosterEditSlice>;

const selectRosterEdit = selectSliceState(rosterEditSlice);

export const selectStudentDetails = (state: WithRosterEdit, id: number): StudentDetails => selectRosterEdit(state).students[id] ?? emptyDetails;

export const selectAudit = (state: WithRosterEdit): AuditState => selectRosterEdit(state).audit;
