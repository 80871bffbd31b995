import type { ApiClient, ResponsiveImage } from '../api/types';

/** Moves the browser to another route; the app wires it to the router. */
export interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): void;
}

/** What every saga gets from its context: `const api = yield* getContext<SagaServices['api']>('api')`. */
export interface SagaServices {
  api: ApiClient;
  navigator: Navigator;
  /** Starts downloading a picture the next screen shows first (shared/preloadImage.ts in the app), the size it shows when it has several. */
  preloadImage: (url: string, responsive?: ResponsiveImage) => void;
}
