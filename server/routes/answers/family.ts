/** The answers of the families' routes (contract/family.ts). */
import { z } from 'zod';
import {
  FAMILY_LANGUAGES,
  type FamilyChild,
  type FamilyErasureRequest,
  type FamilyLanguageSetting,
  type FamilyOverview,
  type FamilyOwnerSettings,
  type FamilySession,
  type FamilySignInLinkAnswer,
} from '../../../contract';

const language = z.enum(FAMILY_LANGUAGES);
const frequency = z.enum(['monthly', 'weekly']);

export const familySignInLinkAnswer = z.object({ sent: z.literal(true) }) satisfies z.ZodType<FamilySignInLinkAnswer>;

export const familySessionAnswer = z.object({ token: z.string(), email: z.string(), name: z.string(), language, expiresAt: z.string() }) satisfies z.ZodType<FamilySession>;

export const familyChildAnswer = z.object({
  studentId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  program: z.string(),
  models: z.array(
    z.object({
      pageId: z.number(),
      title: z.string(),
      imageUrl: z.string(),
      tab: z.number(),
      tabs: z.number(),
      step: z.number(),
      steps: z.number(),
      finishedAt: z.string().nullable(),
      updatedAt: z.string(),
    }),
  ),
  lessons: z.object({ total: z.number(), used: z.number(), left: z.number(), startDate: z.string(), endDate: z.string() }),
  nextMeeting: z.object({ className: z.string(), startsAt: z.string(), timeZone: z.string(), place: z.string() }).nullable(),
  teacher: z.object({ name: z.string() }),
  termsAccepted: z.array(z.object({ version: z.string(), acceptedAt: z.string() })),
  erasureRequestedAt: z.string().nullable(),
}) satisfies z.ZodType<FamilyChild>;

export const familyOverviewAnswer = z.object({
  email: z.string(),
  name: z.string(),
  language,
  children: z.array(familyChildAnswer),
  summaries: z.array(z.object({ ownerId: z.number(), teacherName: z.string(), frequency, subscribed: z.boolean() })),
}) satisfies z.ZodType<FamilyOverview>;

export const familyOwnerSettingsAnswer = z.object({ ownerId: z.number(), frequency }) satisfies z.ZodType<FamilyOwnerSettings>;

export const familyLanguageAnswer = z.object({ parentEmail: z.string(), language }) satisfies z.ZodType<FamilyLanguageSetting>;

export const familyErasureRequestsAnswer = z.array(
  z.object({ studentId: z.number(), firstName: z.string(), lastName: z.string(), requestedAt: z.string() }),
) satisfies z.ZodType<FamilyErasureRequest[]>;
