import type { LazyFeature } from '../../shared/lazyFeature';
import { accountSaga } from './accountSaga';
import { accountReducer } from './accountSlice';

/** The account page's state and calls, added to the store when it opens. */
export const accountFeature: LazyFeature = { name: 'account', reducer: accountReducer, saga: accountSaga };
