import { studentsSlice } from '../../entities/students/studentsSlice';
import type { FeatureSagas } from '../../shared/feature';
import { signInCardsSaga } from './signInCardsSaga';
import { signInCardsSlice } from './signInCardsSlice';

export const slices = [signInCardsSlice, studentsSlice] as const;
export const sagas: FeatureSagas = { signInCardsSaga };
