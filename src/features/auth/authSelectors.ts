import type { AuthFlowState } from './authSlice';

interface WithAuthFlow {
  authFlow: AuthFlowState;
}

export const selectLoginStatus = (state: WithAuthFlow) => state.authFlow.login.status;
export const selectResetStatus = (state: WithAuthFlow) => state.authFlow.reset.status;
export const selectResetSuccessMessage = (state: WithAuthFlow) => state.authFlow.reset.message;
