import { createSelector } from '@reduxjs/toolkit';
import { selectOwnerChoices } from '../../entities/roster/rosterListsSelectors';
import { selectUserEntities } from '../../entities/users/usersSelectors';
import { selectSliceState, type StateWith } from '../../shared/sliceState';
import type { StoreState } from '../../shared/storeHooks';
import { emptyOwnerView, ownerAdminSlice, type OwnerView } from './ownerAdminSlice';

/** The store's state, with this feature's part once its page has joined. */
export type WithOwnerAdmin = StateWith<typeof ownerAdminSlice>;

const selectOwnerAdmin = selectSliceState(ownerAdminSlice);

export const selectOwnerView = (state: WithOwnerAdmin, id: number): OwnerView => selectOwnerAdmin(state).owners[id] ?? emptyOwnerView;

export const selectOwnerStatuses = (state: WithOwnerAdmin) => selectOwnerAdmin(state).totals;

const idOf = (_state: StoreState, id: number) => id;

/**
 * Who can take her students: the other franchise owners, by name, leaving out those the totals say
 * are deactivated (until the totals come, every other owner: the server checks again).
 */
export const selectHandOverChoices = createSelector([selectOwnerChoices, (state: StoreState) => selectOwnerStatuses(state), idOf], (owners, statuses, id) => {
  const deactivated = new Set(statuses.status === 'ready' ? statuses.value.filter((totals) => totals.status !== 'active').map((totals) => totals.ownerId) : []);
  return owners.filter((owner) => owner.id !== id && !deactivated.has(owner.id));
});

/** An owner's name as the lists have it, for the hand-over's outcome. */
export const selectOwnerName = (state: StoreState, id: number): string | null => {
  const user = selectUserEntities(state)[id];
  return user ? `${user.firstName} ${user.lastName}`.trim() || user.email : null;
};
