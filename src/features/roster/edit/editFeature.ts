import type { LazyFeature } from '../../../shared/lazyFeature';
import { rosterEditReducer } from './editSlice';
import { rosterEditSaga } from './editSaga';

/** The student's details and the audit log: state and flows, added to the store when their first screen opens. */
export const rosterEditFeature: LazyFeature = { name: 'rosterEdit', reducer: rosterEditReducer, saga: rosterEditSaga };
