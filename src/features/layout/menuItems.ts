import type { Role } from '../../api/types';
import { paths } from '../../shared/paths';

export interface MenuLink {
  label: string;
  to: string;
}

/** The role menus, exactly as portal-spec.md section 2 lists them. */
export function roleMenu(role: Role | null, userName: string, contentStudio = false): MenuLink[] {
  const own = { userName };
  if (role === 'administrator') {
    return [
      { label: 'Franchise Owners', to: paths.franchiseOwnersList.href() },
      { label: 'All Students List', to: paths.allStudentsList.href() },
      { label: 'Sign Up New Franchise', to: paths.signUpNewFranchise.href(own) },
      { label: 'Building Instructions', to: paths.buildingInstructions.href(own) },
      { label: 'Lesson Plans', to: paths.lessonPlans.href(own) },
      // Where the backend has the studio (issue 15), the office edits content there: after the spec's items.
      // The portal's own backend (the one with the studio) also keeps the audit log (issue 16).
      // Problem reports (issue 20) are kept by the same backend.
      ...(contentStudio
        ? [
            { label: 'Audit log', to: paths.auditLog.href() },
            { label: 'QA inbox', to: paths.qaInbox.href() },
            { label: 'Content studio', to: paths.studio.href() },
          ]
        : []),
    ];
  }
  if (role === 'franchise_owner') {
    return [
      { label: 'Students List', to: paths.studentsList.href(own) },
      { label: 'Sign Up New Student', to: paths.signUpNewStudent.href(own) },
      { label: 'Building Instructions', to: paths.buildingInstructions.href(own) },
      { label: 'Lesson Plans', to: paths.lessonPlans.href(own) },
      // The live class view needs the portal's own backend (the one with the studio).
      ...(contentStudio ? [{ label: 'Class now', to: paths.classNow.href() }] : []),
    ];
  }
  return [{ label: 'Building Instructions', to: paths.buildingInstructions.href(own) }];
}
