import type { PortalRuntimeConfig } from '../../contract';
import { defaultRuntimeConfig } from '../entities/config/configSlice';

declare global {
  interface Window {
    /** Set by /portal-config.js, which the backend serves before the app's bundle. */
    __PORTAL_CONFIG__?: Partial<PortalRuntimeConfig>;
  }
}

/** Reads the runtime configuration once at start-up; one build serves any site. */
export function readRuntimeConfig(source: Partial<PortalRuntimeConfig> | undefined = window.__PORTAL_CONFIG__): PortalRuntimeConfig {
  return {
    ...defaultRuntimeConfig,
    ...source,
    capabilities: { ...defaultRuntimeConfig.capabilities, ...source?.capabilities },
  };
}
