/** Where a student is in each model, for their owner or an administrator (the portal backend's progress routes). */
import { PROGRESS_PATHS, type StudentProgressEntry } from '../../../contract/progress';
import { listOrNone, portalCall } from '../../api/portalCall';

export const getStudentProgress = portalCall((studentId: number) => ({ method: 'GET', path: PROGRESS_PATHS.studentProgress(studentId) }), listOrNone<StudentProgressEntry>);
