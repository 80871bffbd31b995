/** A student's lessons used and left, and a renewal: the portal backend's routes (contract/lessons.ts). */
import { LESSONS_PATHS, type RenewalInput, type StudentLessons } from '../../../../contract/lessons';
import { unexpectedAnswer } from '../../../api/errors';
import { expectRecord, portalCall } from '../../../api/portalCall';

/** Figures without a list of meetings cannot be shown. */
function expectStudentLessons(answer: unknown): StudentLessons {
  const lessons = expectRecord<StudentLessons>(answer);
  if (!Array.isArray(lessons.meetings) || typeof lessons.left !== 'number') throw unexpectedAnswer();
  return lessons;
}

export const getStudentLessons = portalCall((id: number) => ({ method: 'GET', path: LESSONS_PATHS.studentLessons(id) }), expectStudentLessons);

export const renewStudent = portalCall((id: number, input: RenewalInput) => ({ method: 'POST', path: LESSONS_PATHS.studentRenewal(id), body: input }), expectStudentLessons);
