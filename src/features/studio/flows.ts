import { lessonsSlice } from '../../entities/lessons/lessonsSlice';
import { programsSlice } from '../../entities/programs/programsSlice';
import type { FeatureSagas } from '../../shared/feature';
import { studioSaga } from './studioSaga';
import { studioSliceOfStore } from './studioSelectors';

export const slices = [studioSliceOfStore, programsSlice, lessonsSlice] as const;
/** The studio's saga starts its uploads' and its import's. */
export const sagas: FeatureSagas = { studioSaga };
