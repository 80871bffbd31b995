import type { LazyFeature } from '../../shared/lazyFeature';
import { studioReducer } from './studioSelectors';
import { studioSaga } from './studioSaga';

/** The studio's state and flows, added to the store when its first screen opens. */
export const studioFeature: LazyFeature = { name: 'studio', reducer: studioReducer, saga: studioSaga };
