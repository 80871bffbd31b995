import { rosterListsSlice } from '../../entities/roster/rosterListsSlice';
import { usersSlice } from '../../entities/users/usersSlice';
import type { FeatureSagas } from '../../shared/feature';
import { studentImportSaga } from './studentImportSaga';
import { studentImportSlice } from './studentImportSlice';

export const slices = [studentImportSlice, rosterListsSlice, usersSlice] as const;
export const sagas: FeatureSagas = { studentImportSaga };
