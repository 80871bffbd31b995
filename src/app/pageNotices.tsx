/**
 * Lines a feature adds above a page it does not own, placed by the app (which alone knows both):
 * the renewals' "3 renewals due" and the families' erasure requests on a franchise owner's students
 * list (the erasure requests also on the office's list of all students), on the portal's own backend.
 * Each comes after the page is usable (with the offline banner in the layout's notice slot,
 * afterLoad.tsx), in its own chunk, and a failure of its own (a chunk that does not load) leaves the page as it is.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router';
import { selectCapabilities } from '../entities/config/configSlice';
import { selectIsSignedIn, selectUserRole } from '../entities/session/sessionSelectors';
import { paths } from '../shared/paths';
import { useAppSelector } from '../shared/storeHooks';

const RenewalsDueNotice = lazy(() => import(/* webpackChunkName: "renewals-notice" */ '../features/renewals/RenewalsDueNotice'));
const ErasureRequestsNotice = lazy(() => import(/* webpackChunkName: "erasure-requests-notice" */ '../features/familyOwner/ErasureRequestsNotice'));

/** Shows nothing instead of a notice that failed: the page under it must stay. */
class Quiet extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function PageNotices() {
  const { pathname } = useLocation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const role = useAppSelector(selectUserRole);
  const capabilities = useAppSelector(selectCapabilities);
  const portal = capabilities.contentStudio === true;
  const ownersList = role === 'franchise_owner' && matchPath(paths.studentsList.pattern, pathname) !== null;
  // The office confirms families' erasure requests too: they show above its list of all students.
  const officeList = role === 'administrator' && matchPath(paths.allStudentsList.pattern, pathname) !== null;
  if (!signedIn || !portal || !(ownersList || officeList)) return null;
  return (
    <>
      {ownersList && (
        <Quiet>
          <Suspense fallback={null}>
            <RenewalsDueNotice />
          </Suspense>
        </Quiet>
      )}
      {capabilities.familySignIn === true && (
        <Quiet>
          <Suspense fallback={null}>
            <ErasureRequestsNotice />
          </Suspense>
        </Quiet>
      )}
    </>
  );
}
