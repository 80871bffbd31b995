import type { StoreState } from '../../shared/storeHooks';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PortalRuntimeConfig } from '../../../contract';

export type CapabilityName = keyof PortalRuntimeConfig['capabilities'];

export interface ConfigState extends PortalRuntimeConfig {
  /**
   * Capabilities /portal-config.js left out, to be found in the site's REST index; until then they
   * read false. Empty (or absent) once every capability is known.
   */
  undiscovered?: CapabilityName[];
}

/** Runtime configuration, read at start-up (never persisted, never baked into the build). */
export const defaultRuntimeConfig: PortalRuntimeConfig = {
  siteUrl: '',
  authKey: '',
  supportEmail: '',
  cmsAdminUrl: '',
  capabilities: { serverUnlock: false, userMeta: false, createFranchiseOwner: false, contentStudio: false, signInCards: false, familySignIn: false },
  qaPanel: false,
  devTools: false,
};

const configSlice = createSlice({
  name: 'config',
  initialState: defaultRuntimeConfig as ConfigState,
  reducers: {
    loaded: (_state, action: PayloadAction<ConfigState>) => action.payload,
    /** What the site's REST index lists; null when it could not be read (then: plain WordPress, all off). */
    capabilitiesDiscovered: (state, action: PayloadAction<{ found: PortalRuntimeConfig['capabilities'] | null }>) => {
      for (const name of state.undiscovered ?? []) state.capabilities[name] = action.payload.found?.[name] ?? false;
      state.undiscovered = [];
    },
  },
});

export const configActions = configSlice.actions;
export const configReducer = configSlice.reducer;

/** The store's runtime configuration (there from the start). */
export type WithConfig = Pick<StoreState, 'config'>;
export const selectConfig = (state: WithConfig) => state.config;
export const selectSupportEmail = (state: WithConfig) => state.config.supportEmail;
export const selectCmsAdminUrl = (state: WithConfig) => state.config.cmsAdminUrl;
export const selectCapabilities = (state: WithConfig) => state.config.capabilities;
export const selectCapabilitiesKnown = (state: WithConfig) => !state.config.undiscovered?.length;
export const selectQaPanelEnabled = (state: WithConfig) => state.config.qaPanel;
