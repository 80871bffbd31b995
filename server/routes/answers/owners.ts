/** The answers about franchise owners for the office (contract/owners.ts). */
import { z } from 'zod';
import type { OwnerRecord, OwnerTotals } from '../../../contract';

export const ownerTotals = z.object({
  ownerId: z.number(),
  status: z.enum(['active', 'deactivated']),
  students: z.number(),
  activeStudentsThisMonth: z.number(),
  meetingsThisMonth: z.number(),
}) satisfies z.ZodType<OwnerTotals>;

export const ownerRecord = ownerTotals.extend({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  country: z.string(),
  state: z.string(),
  territory: z.string(),
  deactivatedAt: z.string().nullable(),
}) satisfies z.ZodType<OwnerRecord>;
