import type { FeatureSagas } from '../../shared/feature';
import { studentSignInSaga } from './signInSaga';
import { studentSignInSlice } from './signInSlice';

export const slices = [studentSignInSlice] as const;
export const sagas: FeatureSagas = { studentSignInSaga };
