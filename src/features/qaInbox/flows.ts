import type { FeatureSagas } from '../../shared/feature';
import { qaInboxSaga } from './qaInboxSaga';
import { qaInboxSlice } from './qaInboxSlice';

export const slices = [qaInboxSlice] as const;
export const sagas: FeatureSagas = { qaInboxSaga };
