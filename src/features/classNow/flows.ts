import type { FeatureSagas } from '../../shared/feature';
import { classNowSaga } from './classNowSaga';
import { classNowSlice } from './classNowSlice';

export const slices = [classNowSlice] as const;
export const sagas: FeatureSagas = { classNowSaga };
