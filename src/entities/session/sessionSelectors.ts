import type { Role } from '../../api/types';
import type { StoreState } from '../../shared/storeHooks';

/** The store's session (there from the start). */
type WithSession = Pick<StoreState, 'session'>;

export const selectSession = (state: WithSession) => state.session;
export const selectToken = (state: WithSession) => state.session.token;
export const selectIsSignedIn = (state: WithSession) => state.session.token !== null;
export const selectIsSessionValid = (state: WithSession) => state.session.valid;
export const selectUserRole = (state: WithSession): Role | null => state.session.userRole;
export const selectUserName = (state: WithSession) => state.session.userName;
export const selectUserId = (state: WithSession) => state.session.userId;
export const selectUnlockedLessonIds = (state: WithSession) => state.session.unlockedLessonIds;

export const selectIsAdmin = (state: WithSession) => state.session.userRole === 'administrator';
export const selectIsFranchiseOwner = (state: WithSession) => state.session.userRole === 'franchise_owner';
/** Administrators and franchise owners open every model without a code. */
export const isPrivilegedRole = (role: Role | null): boolean => role === 'administrator' || role === 'franchise_owner';

export const selectHasRole = (state: WithSession, roles: readonly Role[]) =>
  state.session.userRole !== null && roles.includes(state.session.userRole);
/** The parent's session (a family sign-in link), null when no parent is signed in on this device. */
export const selectFamilySession = (state: WithSession) => state.session.family ?? null;
