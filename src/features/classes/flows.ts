import type { FeatureSagas } from '../../shared/feature';
import { classesSaga } from './classesSaga';
import { classesSlice } from './classesSlice';

export const slices = [classesSlice] as const;
export const sagas: FeatureSagas = { classesSaga };
