import { rosterListsSlice } from '../../entities/roster/rosterListsSlice';
import { usersSlice } from '../../entities/users/usersSlice';
import type { FeatureSagas } from '../../shared/feature';
import { ownerAdminSaga } from './ownerAdminSaga';
import { ownerAdminSlice } from './ownerAdminSlice';

export const slices = [ownerAdminSlice, rosterListsSlice, usersSlice] as const;
export const sagas: FeatureSagas = { ownerAdminSaga };
