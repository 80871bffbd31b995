import { rosterListsSlice } from '../../entities/roster/rosterListsSlice';
import { studentsSlice } from '../../entities/students/studentsSlice';
import { usersSlice } from '../../entities/users/usersSlice';
import type { FeatureSagas } from '../../shared/feature';
import { rosterEditSaga } from './edit/editSaga';
import { rosterEditSlice } from './edit/editSlice';
import { studentImportSaga } from './import/studentImportSaga';
import { studentImportSliceOfStore } from './import/studentImportSlice';
import { rosterSaga } from './rosterSaga';
import { rosterActions, rosterSlice } from './rosterSlice';

export const slices = [rosterSlice, rosterEditSlice, studentImportSliceOfStore, rosterListsSlice, usersSlice, studentsSlice] as const;
export const sagas: FeatureSagas = { rosterSaga, rosterEditSaga, studentImportSaga };

/** The students list's "opened" event, for its early data. */
export const { studentsListOpened } = rosterActions;
