import type { FeatureSagas } from '../../shared/feature';
import { offlineSaga } from './offlineSaga';
import { offlineSlice } from './offlineSlice';

export const slices = [offlineSlice] as const;
export const sagas: FeatureSagas = { offlineSaga };
