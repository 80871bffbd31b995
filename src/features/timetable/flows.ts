import type { FeatureSagas } from '../../shared/feature';
import { meetingSlice } from './meetingSlice';
import { timetableSaga } from './timetableSaga';
import { timetableSlice } from './timetableSlice';

export const slices = [timetableSlice, meetingSlice] as const;
export const sagas: FeatureSagas = { timetableSaga };
