import type { LazyFeature } from '../../../shared/lazyFeature';
import { classPrepSaga } from './classPrepSaga';
import { classPrepReducer } from './classPrepSlice';

/** Joins with the Prepare for class button (owners' select-model screen). */
export const classPrepFeature: LazyFeature = { name: 'classPrep', reducer: classPrepReducer, saga: classPrepSaga };
