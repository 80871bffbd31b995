/**
 * The sections of a student's page, in the order they show. Each feature (editing, sign-in
 * credentials, the child's data) adds its own section here; the page knows none of them.
 */
import type { ComponentType } from 'react';
import type { Student } from '../../../api/types';
import StudentSignInSection from './credentials/StudentSignInSection';
import DetailsSection from '../edit/DetailsSection';
import ChildDataSection from '../privacy/ChildDataSection';
import StudentProgressSection from '../progress/StudentProgressSection';

export interface StudentPageSectionProps {
  student: Student;
  /** The child's data was erased: the record shows the placeholders, and nothing may change any more. */
  erased: boolean;
}

export interface StudentPageSection {
  /** Also the section's element id, so a link can point at it (/students/12#credentials). */
  id: string;
  /** The section's title in the page's catalogue. */
  title: 'sectionDetails' | 'sectionProgress' | 'sectionSignIn' | 'sectionData';
  Component: ComponentType<StudentPageSectionProps>;
}

export const studentPageSections: readonly StudentPageSection[] = [
  { id: 'details', title: 'sectionDetails', Component: DetailsSection },
  { id: 'progress', title: 'sectionProgress', Component: StudentProgressSection },
  { id: 'credentials', title: 'sectionSignIn', Component: StudentSignInSection },
  { id: 'data', title: 'sectionData', Component: ChildDataSection },
];
