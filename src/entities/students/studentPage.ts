/**
 * A student's page (/students/{id}) is made of sections that features bring: the app assembles the
 * page (app/studentPage) from the sections the features export, so no feature knows the page or
 * another feature's section.
 */
import type { ComponentType } from 'react';
import type { SiteCapabilities, Student } from '../../api/types';

export interface StudentPageSectionProps {
  student: Student;
  /** The child's data was erased: the record shows the placeholders, and nothing may change any more. */
  erased: boolean;
}

export interface StudentPageSection<TitleKey extends string = string> {
  /** Also the section's element id, so a link can point at it (/students/12#credentials). */
  id: string;
  /** The key of the section's title in the page's texts (the app checks it against them). */
  title: TitleKey;
  Component: ComponentType<StudentPageSectionProps>;
  /** Only on sites that can answer it (the portal's own backend has classes; a plain WordPress site has none). */
  shownWhen?: (capabilities: SiteCapabilities) => boolean;
}
