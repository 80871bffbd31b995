import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';

/**
 * Changing a student: their details (edit, end the lessons, re-activate, move to another owner) in
 * the Details section of a student's page (studentPageSection.ts; the page is assembled in
 * app/studentPage, which joins this feature), and the administrators' audit log of those changes.
 */
export const studentEditFeature = defineFeature({
  name: 'studentEdit',
  // With the roster's flows, in one chunk: a student's page joins the roster and every student feature at once.
  flows: () => import(/* webpackChunkName: "page-student" */ './flows'),
  titles: { auditLog: 'Audit log' },
  screens: [
    {
      path: paths.auditLog.pattern,
      access: 'administrators',
      title: 'auditLog',
      // Its owner filter and the students' names come from the roster's lists.
      joins: ['roster'],
      // In the student page's chunk: the two share the edit feature's code.
      page: () => import(/* webpackChunkName: "page-student" */ './audit/AuditLogPage'),
    },
  ],
});
