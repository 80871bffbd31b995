import type { StudentPageSection } from '../../entities/students/studentPage';
import StudentSignInSection from './StudentSignInSection';

/** The Sign-in section of a student's page: their login name, a new password and its printable card. */
export const signInSection = { id: 'credentials', title: 'sectionSignIn', Component: StudentSignInSection } as const satisfies StudentPageSection;
