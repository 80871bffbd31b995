import { rosterListsSlice } from '../../entities/roster/rosterListsSlice';
import { studentsSlice } from '../../entities/students/studentsSlice';
import { usersSlice } from '../../entities/users/usersSlice';
import type { FeatureSagas } from '../../shared/feature';
import { studentImportSaga } from './import/studentImportSaga';
import { studentImportSliceOfStore } from './import/studentImportSlice';
import { rosterSaga } from './rosterSaga';
import { rosterActions, rosterSlice } from './rosterSlice';

export const slices = [rosterSlice, studentImportSliceOfStore, rosterListsSlice, usersSlice, studentsSlice] as const;
export const sagas: FeatureSagas = { rosterSaga, studentImportSaga };

/** The students list's "opened" event, for its early data. */
export const { studentsListOpened } = rosterActions;
