import { usersSlice } from '../../entities/users/usersSlice';
import type { FeatureSagas } from '../../shared/feature';
import { stuckStepsSaga } from './stuckStepsSaga';
import { stuckStepsSlice } from './stuckStepsSlice';

export const slices = [stuckStepsSlice, usersSlice] as const;
export const sagas: FeatureSagas = { stuckStepsSaga };
