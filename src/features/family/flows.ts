import type { FeatureSagas } from '../../shared/feature';
import { familySaga } from './familySaga';
import { familySlice } from './familySlice';

export const slices = [familySlice] as const;
export const sagas: FeatureSagas = { familySaga };
