import type { StudentPageSection } from '../../entities/students/studentPage';
import FamilySection from './FamilySection';

/** The Family section of a student's page: the family's language and its erasure request. */
export const familySection = {
  id: 'family',
  title: 'sectionFamily',
  Component: FamilySection,
  shownWhen: (capabilities) => capabilities.familySignIn === true,
} as const satisfies StudentPageSection;
