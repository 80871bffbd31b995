import type { FeatureSagas } from '../../shared/feature';
import { accountSaga } from './accountSaga';
import { accountSlice } from './accountSlice';

export const slices = [accountSlice] as const;
export const sagas: FeatureSagas = { accountSaga };
