/** The roster tables' progress columns: how far each student is (the portal backend's progress routes). */
import { PROGRESS_PATHS, type ProgressSummary } from '../../../contract/progress';
import { listOrNone, portalCall } from '../../api/portalCall';

/** Each student's figures: a franchise owner's own students, every student for an administrator. */
export const getProgressSummary = portalCall(() => ({ method: 'GET', path: PROGRESS_PATHS.progressSummary }), listOrNone<ProgressSummary>);
