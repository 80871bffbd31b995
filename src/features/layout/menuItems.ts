import type { Role } from '../../api/types';
import { paths } from '../../shared/paths';

export interface MenuLink {
  label: string;
  to: string;
}

/** The role menus, exactly as portal-spec.md section 2 lists them. */
export function roleMenu(role: Role | null, userName: string): MenuLink[] {
  if (role === 'administrator') {
    return [
      { label: 'Franchise Owners', to: paths.franchiseOwnersList() },
      { label: 'All Students List', to: paths.allStudentsList() },
      { label: 'Sign Up New Franchise', to: paths.signUpNewFranchise(userName) },
      { label: 'Building Instructions', to: paths.buildingInstructions(userName) },
      { label: 'Lesson Plans', to: paths.lessonPlans(userName) },
    ];
  }
  if (role === 'franchise_owner') {
    return [
      { label: 'Students List', to: paths.studentsList(userName) },
      { label: 'Sign Up New Student', to: paths.signUpNewStudent(userName) },
      { label: 'Building Instructions', to: paths.buildingInstructions(userName) },
      { label: 'Lesson Plans', to: paths.lessonPlans(userName) },
    ];
  }
  return [{ label: 'Building Instructions', to: paths.buildingInstructions(userName) }];
}
