import type { FeatureSagas } from '../../shared/feature';
import { studentProgressSaga } from './studentProgressSaga';
import { studentProgressSlice } from './studentProgressSlice';

export const slices = [studentProgressSlice] as const;
export const sagas: FeatureSagas = { studentProgressSaga };
