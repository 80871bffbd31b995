import { paths } from '../paths';
import { StateBox } from './StateBox';

/**
 * Shown when a screen fails to load or throws (e.g. a chunk could not be fetched on bad Wi-Fi).
 * Never shows raw error text.
 */
export function RouteError() {
  return (
    <StateBox role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Check the connection and try again.</p>
      <p>
        <a href={typeof window !== 'undefined' ? window.location.pathname : paths.home()}>Try again</a>
        {' · '}
        <a href={paths.home()}>Go to the start page</a>
      </p>
    </StateBox>
  );
}
