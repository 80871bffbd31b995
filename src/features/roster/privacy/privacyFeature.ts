import type { LazyFeature } from '../../../shared/lazyFeature';
import { privacySaga } from './privacySaga';
import { privacyReducer } from './privacySlice';

/** A child's data: added to the store when a student's page first opens. */
export const privacyFeature: LazyFeature = { name: 'privacy', reducer: privacyReducer, saga: privacySaga };
