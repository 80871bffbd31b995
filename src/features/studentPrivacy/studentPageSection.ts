import type { StudentPageSection } from '../../entities/students/studentPage';
import ChildDataSection from './ChildDataSection';

/** The child's data section of a student's page: a readable copy of everything kept, and erasing it. */
export const childDataSection = { id: 'data', title: 'sectionData', Component: ChildDataSection } as const satisfies StudentPageSection;
