import type { FeatureSagas } from '../../shared/feature';
import { sharedDeviceSaga } from './sharedDevice/sharedDeviceSaga';
import { termsCheckSaga } from './termsCheck/termsCheckSaga';
import { termsCheckSlice } from './termsCheck/termsCheckSlice';

/** The header's own state: whether the signed-in user must accept changed terms; a shared tablet's touches told to the server. */
export const slices = [termsCheckSlice] as const;
export const sagas: FeatureSagas = { termsCheckSaga, sharedDeviceSaga };
