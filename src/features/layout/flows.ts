import type { FeatureSagas } from '../../shared/feature';
import { termsCheckSaga } from './termsCheck/termsCheckSaga';
import { termsCheckSlice } from './termsCheck/termsCheckSlice';

/** The header's own state: whether the signed-in user must accept changed terms. */
export const slices = [termsCheckSlice] as const;
export const sagas: FeatureSagas = { termsCheckSaga };
