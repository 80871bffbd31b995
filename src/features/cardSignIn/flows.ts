import type { FeatureSagas } from '../../shared/feature';
import { cardSignInSaga } from './cardSignInSaga';
import { cardSignInSlice } from './cardSignInSlice';

export const slices = [cardSignInSlice] as const;
export const sagas: FeatureSagas = { cardSignInSaga };
