import { useDeferredValue, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { ReturnTo } from '../entities/session/landingPath';
import type { Role } from '../api/types';
import { selectIsSessionValid, selectIsSignedIn, selectUserName, selectUserRole } from '../entities/session/sessionSelectors';
import { paths } from '../shared/paths';
import { useAppSelector } from '../shared/storeHooks';
import { PageLoading } from '../shared/ui/PageLoading';
import { useMessages } from '../shared/i18n/messages';
import { appTexts } from './app.messages';

/**
 * No stored token: back to / (the login), which comes back here after signing in (a printed
 * model's QR code, a bookmark). A stored token is trusted only once token/validate has answered.
 */
export function RequireSignedIn() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { pathname, search } = useLocation();
  // Only a visitor who arrived signed out goes back to this page: after a sign-out here, the next
  // person to sign in on this tablet starts on their own home page, not the last user's.
  const [arrivedSignedOut] = useState(!signedIn);
  // Deferred: the page that replaces the check renders in small slices in the background, not in
  // one long task that freezes a slow tablet (the store's own updates render synchronously).
  const valid = useDeferredValue(useAppSelector(selectIsSessionValid));
  const t = useMessages(appTexts);
  if (!signedIn) return <Navigate to={paths.home.href()} replace {...(arrivedSignedOut ? { state: { returnTo: pathname + search } satisfies ReturnTo } : {})} />;
  if (!valid) return <PageLoading label={t.checkingSignIn} />;
  return <Outlet />;
}

/**
 * Pages for some roles only; anyone else goes to `otherwise` (given their user name), by default /.
 * The backend enforces the same on its data.
 */
export function RequireRole({ roles, otherwise = paths.home.href }: { roles: readonly Role[]; otherwise?: (own: { userName: string }) => string }) {
  const role = useAppSelector(selectUserRole);
  const userName = useAppSelector(selectUserName) ?? '';
  if (role === null || !roles.includes(role)) return <Navigate to={otherwise({ userName })} replace />;
  return <Outlet />;
}
