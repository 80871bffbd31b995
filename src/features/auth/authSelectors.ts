import { ACCOUNT_ENDED_CODE, OWNER_DEACTIVATED_CODE, SEVERAL_ACCOUNTS_CODE } from '../../../contract/signInStatus';
import type { StoreState } from '../../shared/storeHooks';
import { selectSliceState } from '../../shared/sliceState';
import { authSlice } from './authSlice';

/** The sign-in and reset flows' state. */
export const selectAuthFlow = selectSliceState(authSlice);

export const selectLoginStatus = (state: StoreState) => selectAuthFlow(state).login.status;
export const selectResetStatus = (state: StoreState) => selectAuthFlow(state).reset.status;
export const selectResetSuccessMessage = (state: StoreState) => selectAuthFlow(state).reset.message;
/**
 * Why a right password was still refused: the student's lessons have ended (sign-in disabled), or
 * the e-mail is a family's that several children's accounts share (sign in with the username), or
 * the office deactivated this franchise owner.
 */
export const selectLoginRefusal = (state: StoreState): 'ended' | 'sharedEmail' | 'deactivated' | null => {
  const code = selectAuthFlow(state).login.error?.code;
  return code === ACCOUNT_ENDED_CODE ? 'ended' : code === SEVERAL_ACCOUNTS_CODE ? 'sharedEmail' : code === OWNER_DEACTIVATED_CODE ? 'deactivated' : null;
};
export const selectIdleSignOut = (state: StoreState) => selectAuthFlow(state).idleSignOut;
