import type { StudentPageSection } from '../../entities/students/studentPage';
import DetailsSection from './DetailsSection';

/** The Details section of a student's page: the record, editing it, and ending, re-activating or moving the student. */
export const detailsSection = { id: 'details', title: 'sectionDetails', Component: DetailsSection } as const satisfies StudentPageSection;
