import { programsSlice } from '../../entities/programs/programsSlice';
import { rosterListsSlice } from '../../entities/roster/rosterListsSlice';
import { studentsSlice } from '../../entities/students/studentsSlice';
import { usersSlice } from '../../entities/users/usersSlice';
import type { FeatureSagas } from '../../shared/feature';
import { rosterSaga } from './rosterSaga';
import { rosterActions, rosterSlice } from './rosterSlice';

export const slices = [rosterSlice, rosterListsSlice, usersSlice, studentsSlice, programsSlice] as const;
export const sagas: FeatureSagas = { rosterSaga };

/** The list pages' "opened" events, for their early data. */
export const { studentsListOpened, franchiseOwnersOpened, allStudentsOpened } = rosterActions;
