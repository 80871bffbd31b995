/**
 * Wire shapes of the office managing its franchise owners: editing an owner's details,
 * deactivating her (sign-in and every session refused at once, on every instance; her students
 * handed to another owner in the same change, or kept until the office decides) and reactivating
 * her, and the totals the owners list shows beside each owner. The portal backend's routes under
 * /wp-json/yo/v1, administrators only; every change is in the audit log.
 */

export const OWNER_PATHS = {
  /** GET → OwnerTotals[]: one per franchise owner, for the owners list. */
  totals: '/wp-json/yo/v1/owners/totals',
  /** GET → OwnerRecord; PATCH OwnerEdit → OwnerRecord. */
  owner: (id: number | string) => `/wp-json/yo/v1/owners/${id}`,
  /** POST OwnerDeactivateBody → OwnerRecord. */
  deactivate: (id: number | string) => `/wp-json/yo/v1/owners/${id}/deactivate`,
  /** POST (no body) → OwnerRecord. Sessions from before the deactivation stay ended. */
  reactivate: (id: number | string) => `/wp-json/yo/v1/owners/${id}/reactivate`,
} as const;

export type OwnerStatus = 'active' | 'deactivated';

/**
 * An owner's figures. "This month" is the calendar month in UTC up to now: a student is active when
 * she moved at least one step in it; a meeting counts once it started and was not cancelled.
 */
export interface OwnerTotals {
  ownerId: number;
  status: OwnerStatus;
  students: number;
  activeStudentsThisMonth: number;
  meetingsThisMonth: number;
}

/** A franchise owner's own details: what the office's sign-up asks for and its edit changes. */
export interface OwnerDetails {
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  state: string;
  territory: string;
}

/** One franchise owner as the office's owner page shows her. */
export interface OwnerRecord extends OwnerTotals, OwnerDetails {
  username: string;
  /** ISO 8601 UTC of the deactivation; null while active. */
  deactivatedAt: string | null;
}

/** A partial edit: only the fields sent change. Names are required to stay non-empty; the e-mail stays unique. */
export type OwnerEdit = Partial<OwnerDetails>;

/**
 * 'keep': her students stay hers (their own sign-in keeps working) until the office decides;
 * 'hand_over': every one of them goes to toOwnerId (an active franchise owner, not her), each
 * move audited as a student's move is.
 */
export type OwnerDeactivateBody = { students: 'keep' } | { students: 'hand_over'; toOwnerId: number };

