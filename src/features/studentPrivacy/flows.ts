import { studentsSlice } from '../../entities/students/studentsSlice';
import type { FeatureSagas } from '../../shared/feature';
import { privacySaga } from './privacySaga';
import { privacySlice } from './privacySlice';

export const slices = [privacySlice, studentsSlice] as const;
export const sagas: FeatureSagas = { privacySaga };
