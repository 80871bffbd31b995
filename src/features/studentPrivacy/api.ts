/** A child's data: a copy of all of it, and erasing it (the portal backend's privacy routes, contract/privacy.ts). */
import { PRIVACY_PATHS, type StudentDataExport, type StudentEraseResult } from '../../../contract/privacy';
import { expectRecord, portalCall } from '../../api/portalCall';

/** Everything the portal holds about the child (the student's owner, administrators). */
export const getStudentData = portalCall((studentId: number) => ({ method: 'GET', path: PRIVACY_PATHS.studentData(studentId) }), expectRecord<StudentDataExport>);

/** Erases the child's data; erasing again answers the same. */
export const eraseStudent = portalCall((studentId: number) => ({ method: 'DELETE', path: PRIVACY_PATHS.studentErase(studentId), body: { confirm: true } }), expectRecord<StudentEraseResult>);
