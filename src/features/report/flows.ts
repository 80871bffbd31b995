import type { FeatureSagas } from '../../shared/feature';
import { reportSaga } from './reportSaga';
import { reportSlice } from './reportSlice';

export const slices = [reportSlice] as const;
export const sagas: FeatureSagas = { reportSaga };
