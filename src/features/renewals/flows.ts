import type { FeatureSagas } from '../../shared/feature';
import { renewalsSaga } from './renewalsSaga';
import { renewalsSlice } from './renewalsSlice';

export const slices = [renewalsSlice] as const;
export const sagas: FeatureSagas = { renewalsSaga };
