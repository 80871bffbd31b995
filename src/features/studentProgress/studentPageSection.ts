import type { StudentPageSection } from '../../entities/students/studentPage';
import StudentProgressSection from './StudentProgressSection';

/** The Progress section of a student's page: each model the student opened and how far they are. */
export const progressSection = { id: 'progress', title: 'sectionProgress', Component: StudentProgressSection } as const satisfies StudentPageSection;
