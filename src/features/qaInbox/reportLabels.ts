/** The catalogue keys of a report's status and of the role of whoever sent it. */
import type { ReportStatus } from '../../../contract/reports';

export const STATUS_LABELS = { new: 'statusNew', investigating: 'statusInvestigating', fixed: 'statusFixed' } as const satisfies Record<ReportStatus, string>;
export const ROLE_LABELS = { student: 'roleStudent', franchise_owner: 'roleOwner', administrator: 'roleAdministrator' } as const;
/** undefined: a role this portal does not know (shown as sent). */
export const roleLabel = (role: string): (typeof ROLE_LABELS)[keyof typeof ROLE_LABELS] | undefined => ROLE_LABELS[role as keyof typeof ROLE_LABELS];
