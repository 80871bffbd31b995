/** The roster tables' progress columns and the owners list's figures (the portal backend's progress and owners routes). */
import { OWNER_PATHS, type OwnerTotals } from '../../../contract/owners';
import { PROGRESS_PATHS, type ProgressSummary } from '../../../contract/progress';
import { expectList, listOrNone, portalCall } from '../../api/portalCall';

/** Each student's figures: a franchise owner's own students, every student for an administrator. */
export const getProgressSummary = portalCall(() => ({ method: 'GET', path: PROGRESS_PATHS.progressSummary }), listOrNone<ProgressSummary>);

/** Each franchise owner's status and this month's figures (administrators). */
export const getOwnerTotals = portalCall(() => ({ method: 'GET', path: OWNER_PATHS.totals }), expectList<OwnerTotals>);
