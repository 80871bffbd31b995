import type { FeatureSagas } from '../../shared/feature';
import { termsSaga } from './termsSaga';
import { termsSlice } from './termsSlice';

/** The terms of use: in the store from the start (the login page links them and checks acceptance). */
export const slices = [termsSlice] as const;
export const sagas: FeatureSagas = { termsSaga };
