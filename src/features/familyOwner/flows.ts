import type { FeatureSagas } from '../../shared/feature';
import { familyOwnerSaga } from './familyOwnerSaga';
import { familyOwnerSlice } from './familyOwnerSlice';

export const slices = [familyOwnerSlice] as const;
export const sagas: FeatureSagas = { familyOwnerSaga };
