import { ACCOUNT_ENDED_CODE } from '../../../contract/signInStatus';
import type { AuthFlowState } from './authSlice';

interface WithAuthFlow {
  authFlow: AuthFlowState;
}

export const selectLoginStatus = (state: WithAuthFlow) => state.authFlow.login.status;
export const selectResetStatus = (state: WithAuthFlow) => state.authFlow.reset.status;
export const selectResetSuccessMessage = (state: WithAuthFlow) => state.authFlow.reset.message;
/** The password was right, but the student's lessons have ended (their sign-in is disabled). */
export const selectLoginEnded = (state: WithAuthFlow) => state.authFlow.login.error?.code === ACCOUNT_ENDED_CODE;
