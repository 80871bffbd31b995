import { ERASED_STUDENT_FIRST_NAME, ERASED_STUDENT_LAST_NAME } from '../../../contract/privacy';
import type { Student } from '../../api/types';

/** The child's data was erased: the record keeps only the placeholders (the list's answer has no other sign). */
export const isErasedStudent = (s: Pick<Student, 'firstName' | 'lastName' | 'parentEmail'>): boolean =>
  s.firstName === ERASED_STUDENT_FIRST_NAME && s.lastName === ERASED_STUDENT_LAST_NAME && s.parentEmail === '';
