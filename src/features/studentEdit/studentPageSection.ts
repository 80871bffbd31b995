import type { StudentPageSection } from '../../entities/students/studentPage';
import DetailsSection from './DetailsSection';
import LessonsSection from './lessons/LessonsSection';

/** The Details section of a student's page: the record, editing it, and ending, re-activating or moving the student. */
export const detailsSection = { id: 'details', title: 'sectionDetails', Component: DetailsSection } as const satisfies StudentPageSection;

/** The Lessons section: lessons used and left, the attendance list, and renewing the package. */
export const lessonsSection = {
  id: 'lessons',
  title: 'sectionLessons',
  Component: LessonsSection,
  // Lessons are counted from classes' meetings, which only the portal's own backend has.
  shownWhen: (capabilities) => capabilities.contentStudio === true,
} as const satisfies StudentPageSection;
