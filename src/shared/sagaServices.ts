import type { ApiClient, ResponsiveImage } from '../api/types';

/** Moves the browser to another route; the app wires it to the router. */
export interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): void;
}

/** What every saga gets from its context: `const api = yield* getContext<SagaServices['api']>('api')`. */
export interface SagaServices {
  api: ApiClient;
  navigator: Navigator;
  /**
   * Starts downloading a picture the next screen shows first, the size it shows when it has several.
   * Tests give their own; without one, the content's flows use shared/preloadImage.ts (it loads with
   * them, not with the entry).
   */
  preloadImage?: (url: string, responsive?: ResponsiveImage) => void;
}
