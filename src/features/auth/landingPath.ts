import type { Role } from '../../api/types';
import { paths } from '../../shared/paths';

/** Where a role lands after signing in (portal-spec.md section 2). */
export function landingPath(role: Role | null, userName: string): string {
  if (role === 'administrator') return paths.franchiseOwnersList.href();
  if (role === 'franchise_owner') return paths.studentsList.href({ userName });
  return paths.buildingInstructions.href({ userName });
}
