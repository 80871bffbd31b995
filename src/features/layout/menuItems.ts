import type { Role } from '../../api/types';
import type { StoreValue } from 'nanostores';
import { paths } from '../../shared/paths';
import type { menuMessages } from './menu.messages';

export interface MenuLink {
  label: string;
  to: string;
}

/** The role menus, exactly as docs/spec/portal-spec.md section 2 lists them. */
export function roleMenu(t: StoreValue<typeof menuMessages>, role: Role | null, userName: string, contentStudio = false): MenuLink[] {
  const own = { userName };
  if (role === 'administrator') {
    return [
      { label: t.franchiseOwners, to: paths.franchiseOwnersList.href() },
      { label: t.allStudentsList, to: paths.allStudentsList.href() },
      { label: t.signUpNewFranchise, to: paths.signUpNewFranchise.href(own) },
      { label: t.buildingInstructions, to: paths.buildingInstructions.href(own) },
      { label: t.lessonPlans, to: paths.lessonPlans.href(own) },
      // Where the backend has the studio, the office edits content there: after the spec's items.
      // The portal's own backend (the one with the studio) also keeps the audit log.
      // Problem reports, classes and the lessons' renewals and report are kept by the same backend.
      ...(contentStudio
        ? [
            { label: t.classes, to: paths.classes.href() },
            { label: t.timetable, to: paths.timetable.href() },
            { label: t.renewalsDue, to: paths.renewals.href() },
            { label: t.monthlyReport, to: paths.monthlyReport.href() },
            { label: t.stuckSteps, to: paths.stuckSteps.href() },
            { label: t.auditLog, to: paths.auditLog.href() },
            { label: t.qaInbox, to: paths.qaInbox.href() },
            { label: t.contentStudio, to: paths.studio.href() },
          ]
        : []),
    ];
  }
  if (role === 'franchise_owner') {
    return [
      { label: t.studentsList, to: paths.studentsList.href(own) },
      { label: t.signUpNewStudent, to: paths.signUpNewStudent.href(own) },
      { label: t.buildingInstructions, to: paths.buildingInstructions.href(own) },
      { label: t.lessonPlans, to: paths.lessonPlans.href(own) },
      // The live class view needs the portal's own backend (the one with the studio).
      ...(contentStudio
        ? [
            { label: t.classes, to: paths.classes.href() },
            { label: t.timetable, to: paths.timetable.href() },
            { label: t.renewalsDue, to: paths.renewals.href() },
            { label: t.classNow, to: paths.classNow.href() },
            { label: t.stuckSteps, to: paths.stuckSteps.href() },
          ]
        : []),
    ];
  }
  return [{ label: t.buildingInstructions, to: paths.buildingInstructions.href(own) }];
}
