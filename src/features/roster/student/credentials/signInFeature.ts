import type { LazyFeature } from '../../../../shared/lazyFeature';
import { studentSignInSaga } from './signInSaga';
import { studentSignInReducer } from './signInSlice';

/** A student's sign-in details and their calls, added to the store when the student's page opens. */
export const studentSignInFeature: LazyFeature = { name: 'studentSignIn', reducer: studentSignInReducer, saga: studentSignInSaga };
