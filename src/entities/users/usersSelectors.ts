import { createSelector } from '@reduxjs/toolkit';
import { selectSliceState } from '../../shared/sliceState';
import { usersAdapter, usersSlice } from './usersSlice';

const adapterSelectors = usersAdapter.getSelectors(selectSliceState(usersSlice));

export const selectAllUsers = adapterSelectors.selectAll;
export const selectUserById = adapterSelectors.selectById;
export const selectUserEntities = adapterSelectors.selectEntities;

export const selectFranchiseOwners = createSelector([selectAllUsers], (users) =>
  users.filter((user) => user.role === 'franchise_owner'),
);
