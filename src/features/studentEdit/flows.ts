import { programsSlice } from '../../entities/programs/programsSlice';
import { rosterListsSlice } from '../../entities/roster/rosterListsSlice';
import { studentsSlice } from '../../entities/students/studentsSlice';
import { usersSlice } from '../../entities/users/usersSlice';
import type { FeatureSagas } from '../../shared/feature';
import { rosterEditSaga } from './editSaga';
import { rosterEditSlice } from './editSlice';

export const slices = [rosterEditSlice, rosterListsSlice, usersSlice, studentsSlice, programsSlice] as const;
export const sagas: FeatureSagas = { rosterEditSaga };
