import { selectSliceState, type StateWith } from '../../shared/sliceState';
import { stuckStepsSlice } from './stuckStepsSlice';

/** The store's state, with this feature's part once its page has joined. */
export type WithStuckSteps = StateWith<typeof stuckStepsSlice>;

export const selectStuckSteps = selectSliceState(stuckStepsSlice);
