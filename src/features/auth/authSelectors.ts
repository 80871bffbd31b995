import { ACCOUNT_ENDED_CODE, SEVERAL_ACCOUNTS_CODE } from '../../../contract/signInStatus';
import type { AuthFlowState } from './authSlice';

interface WithAuthFlow {
  authFlow: AuthFlowState;
}

export const selectLoginStatus = (state: WithAuthFlow) => state.authFlow.login.status;
export const selectResetStatus = (state: WithAuthFlow) => state.authFlow.reset.status;
export const selectResetSuccessMessage = (state: WithAuthFlow) => state.authFlow.reset.message;
/**
 * Why a right password was still refused: the student's lessons have ended (sign-in disabled), or
 * the e-mail is a family's that several children's accounts share (sign in with the username).
 */
export const selectLoginRefusal = (state: WithAuthFlow): 'ended' | 'sharedEmail' | null => {
  const code = state.authFlow.login.error?.code;
  return code === ACCOUNT_ENDED_CODE ? 'ended' : code === SEVERAL_ACCOUNTS_CODE ? 'sharedEmail' : null;
};
export const selectIdleSignOut = (state: WithAuthFlow) => state.authFlow.idleSignOut;
