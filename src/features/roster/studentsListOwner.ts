import type { StoreState } from '../../shared/storeHooks';
/** Whose students list a page shows. Only pages read it (not sagas), so it stays out of the entry chunk. */
import { createSelector } from '@reduxjs/toolkit';
import type { User } from '../../api/types';
import { selectUserId, selectUserRole } from '../../entities/session/sessionSelectors';
import { selectFranchiseOwners } from '../../entities/users/usersSelectors';
import { selectListLoad } from '../../entities/roster/rosterListsSelectors';

/**
 * Whose students /students_list/{userName} shows. A franchise owner: their own (teacher_id === their
 * user id). An administrator: the URL decides, so a reload or a shared link shows
 * the same list: the owner `?owner={id}` names, else the one franchise owner with that first name.
 */
export type StudentsListOwner =
  /** `owner`: for an administrator (an owner's own list needs no heading); `listName`: for links and the export. */
  | { kind: 'found'; ownerId: number; owner: User | null; listName: string }
  /** Administrator: the owners are still loading. */
  | { kind: 'pending' }
  /** Administrator: more than one franchise owner has that first name. */
  | { kind: 'ambiguous'; candidates: User[] }
  /** Administrator: no franchise owner by that id or name; or a role without a students list. */
  | { kind: 'none' };

const sameFirstName = (owner: User, name: string) =>
  owner.firstName.trim().localeCompare(name.trim(), undefined, { sensitivity: 'accent' }) === 0;

export const selectStudentsListOwner = createSelector(
  [
    selectUserRole,
    selectUserId,
    selectFranchiseOwners,
    selectListLoad,
    (_state: StoreState, userName: string) => userName,
    (_state: StoreState, _userName: string, ownerId: number | null) => ownerId,
  ],
  (role, ownId, owners, load, userName, ownerId): StudentsListOwner => {
    if (role === 'franchise_owner' && ownId !== null) return { kind: 'found', ownerId: ownId, owner: null, listName: userName };
    if (role !== 'administrator') return { kind: 'none' };
    if (ownerId !== null) {
      const owner = owners.find((candidate) => candidate.id === ownerId) ?? null;
      if (owner) return { kind: 'found', ownerId, owner, listName: owner.firstName };
    } else {
      const candidates = owners.filter((owner) => sameFirstName(owner, userName));
      if (candidates.length === 1) return { kind: 'found', ownerId: candidates[0]!.id, owner: candidates[0]!, listName: candidates[0]!.firstName };
      if (candidates.length > 1) return { kind: 'ambiguous', candidates };
    }
    // Until the owners have loaded (or while their load failed: the list says so), nothing is decided.
    return load.status === 'succeeded' ? { kind: 'none' } : { kind: 'pending' };
  },
);
