import { programsSlice } from '../../entities/programs/programsSlice';
import { rosterListsSlice } from '../../entities/roster/rosterListsSlice';
import { studentsSlice } from '../../entities/students/studentsSlice';
import { usersSlice } from '../../entities/users/usersSlice';
import type { FeatureSagas } from '../../shared/feature';
import { rosterEditSaga } from './editSaga';
import { rosterEditSlice } from './editSlice';
import { studentLessonsSaga } from './lessons/lessonsSaga';
import { studentLessonsSlice } from './lessons/lessonsSlice';

export const slices = [rosterEditSlice, studentLessonsSlice, rosterListsSlice, usersSlice, studentsSlice, programsSlice] as const;
export const sagas: FeatureSagas = { rosterEditSaga, studentLessonsSaga };
