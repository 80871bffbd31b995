import type { FeatureSagas } from '../../shared/feature';
import { authSaga } from './authSaga';
import { authSlice } from './authSlice';

/** Signing in, out and resetting a password: in the store from the start (the login page needs them). */
export const slices = [authSlice] as const;
export const sagas: FeatureSagas = { authSaga };
