import { createSelector } from '@reduxjs/toolkit';
import { usersAdapter, type UsersState } from './usersSlice';

interface WithUsers {
  users: UsersState;
}

const adapterSelectors = usersAdapter.getSelectors((state: WithUsers) => state.users);

export const selectAllUsers = adapterSelectors.selectAll;
export const selectUserById = adapterSelectors.selectById;
export const selectUserEntities = adapterSelectors.selectEntities;

export const selectFranchiseOwners = createSelector([selectAllUsers], (users) =>
  users.filter((user) => user.role === 'franchise_owner'),
);
