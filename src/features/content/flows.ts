import { lessonsSlice } from '../../entities/lessons/lessonsSlice';
import { programsSlice } from '../../entities/programs/programsSlice';
import { studentsSlice } from '../../entities/students/studentsSlice';
import type { FeatureSagas } from '../../shared/feature';
import { classroomSaga } from './classroom/classroomSaga';
import { classroomSlice } from './classroom/classroomSlice';
import { stuckSaga } from './classroom/stuckSaga';
import { stuckSlice } from './classroom/stuckSlice';
import { contentSaga } from './contentSaga';
import { contentActions, contentSlice } from './contentSlice';
import { classPrepSaga } from './prepare/classPrepSaga';
import { classPrepSlice } from './prepare/classPrepSlice';
import { progressSaga } from './progress/progressSaga';
import { progressSlice } from './progress/progressSlice';
import { unlockSyncSaga } from './unlockSyncSaga';

/** Programs, models, unlocking and the gallery; the owner's class tools; the student's place in each model. */
export const slices = [contentSlice, classroomSlice, stuckSlice, progressSlice, classPrepSlice, programsSlice, lessonsSlice, studentsSlice] as const;
export const sagas: FeatureSagas = { contentSaga, unlockSyncSaga, classroomSaga, stuckSaga, progressSaga, classPrepSaga };

/** The content pages' "opened" events, for their early data. */
export const { modelsPageOpened, galleryOpened } = contentActions;
