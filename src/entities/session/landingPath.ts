import type { Role } from '../../api/types';
import { paths } from '../../shared/paths';

/** The page a signed-out visitor asked for, kept in the login's history state. */
export interface ReturnTo {
  returnTo: string;
}

/** A path of this app to go back to after signing in, or null (never another site: //host, /\\host). */
export function safeReturnTo(state: unknown): string | null {
  const path = (state as Partial<ReturnTo> | null)?.returnTo;
  return typeof path === 'string' && /^\/(?![/\\])/.test(path) ? path : null;
}

/** Where a role lands after signing in (docs/spec/portal-spec.md section 2). */
export function landingPath(role: Role | null, userName: string): string {
  if (role === 'administrator') return paths.franchiseOwnersList.href();
  if (role === 'franchise_owner') return paths.studentsList.href({ userName });
  return paths.buildingInstructions.href({ userName });
}
