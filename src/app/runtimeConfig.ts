import type { PortalRuntimeConfig } from '../../contract';
import { defaultRuntimeConfig, type CapabilityName, type ConfigState } from '../entities/config/configSlice';

declare global {
  interface Window {
    /** Set by /portal-config.js, which the backend serves before the app's bundle. */
    __PORTAL_CONFIG__?: Partial<PortalRuntimeConfig>;
  }
}

/**
 * Reads the runtime configuration once at start-up; one build serves any site. A capability given
 * here is kept; one left out is looked up in the site's REST index (src/app/capabilitiesSaga.ts).
 */
export function readRuntimeConfig(source: Partial<PortalRuntimeConfig> | undefined = window.__PORTAL_CONFIG__): ConfigState {
  const given: Partial<PortalRuntimeConfig['capabilities']> = source?.capabilities ?? {};
  const capabilities = { ...defaultRuntimeConfig.capabilities, ...given };
  return {
    ...defaultRuntimeConfig,
    ...source,
    capabilities,
    undiscovered: (Object.keys(capabilities) as CapabilityName[]).filter((name) => typeof given[name] !== 'boolean'),
  };
}
