import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PortalRuntimeConfig } from '../../../contract';

/** Runtime configuration, read at start-up (never persisted, never baked into the build). */
export const defaultRuntimeConfig: PortalRuntimeConfig = {
  siteUrl: '',
  authKey: '',
  supportEmail: '',
  cmsAdminUrl: '',
  capabilities: { serverUnlock: false, userMeta: false, createFranchiseOwner: false },
  qaPanel: false,
  devTools: false,
};

const configSlice = createSlice({
  name: 'config',
  initialState: defaultRuntimeConfig,
  reducers: {
    loaded: (_state, action: PayloadAction<PortalRuntimeConfig>) => action.payload,
  },
});

export const configActions = configSlice.actions;
export const configReducer = configSlice.reducer;

interface WithConfig {
  config: PortalRuntimeConfig;
}
export const selectConfig = (state: WithConfig) => state.config;
export const selectSupportEmail = (state: WithConfig) => state.config.supportEmail;
export const selectCmsAdminUrl = (state: WithConfig) => state.config.cmsAdminUrl;
export const selectCapabilities = (state: WithConfig) => state.config.capabilities;
export const selectQaPanelEnabled = (state: WithConfig) => state.config.qaPanel;
