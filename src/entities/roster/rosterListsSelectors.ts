import { createSelector } from '@reduxjs/toolkit';
import type { User } from '../../api/types';
import { selectSliceState } from '../../shared/sliceState';
import { selectFranchiseOwners } from '../users/usersSelectors';
import { rosterListsSlice } from './rosterListsSlice';

/** The lists' load: idle until a page needs them. */
export const selectListLoad = selectSliceState(rosterListsSlice);

const ownerName = (owner: User) => `${owner.firstName} ${owner.lastName}`.trim();

/** The franchise owners, by name, for a choice of owner (sign-up, moving a student, a filter). */
export const selectOwnerChoices = createSelector([selectFranchiseOwners], (owners) =>
  owners
    .map((owner) => ({ id: owner.id, label: ownerName(owner) || owner.email }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'accent' })),
);
