/**
 * The answers about a class and its lessons: the class right now (contract/classNow.ts), unlocking
 * for a class (classroom.ts), progress (progress.ts) and problem reports (reports.ts).
 */
import { z } from 'zod';
import type {
  ClassNow,
  ClassNowHelped,
  ClassUnlockResult,
  MyUnlocks,
  ProblemReportDetail,
  ProblemReportPage,
  ProblemReportReceipt,
  ProgressEntry,
  ProgressSummary,
  StudentProgressEntry,
  StuckResult,
} from '../../../contract';
import { contentTexts } from './wire';

export const classNowAnswer = z.object({
  ownerId: z.number(),
  at: z.string(),
  students: z.array(
    z.object({
      studentId: z.number(),
      firstName: z.string(),
      lessonId: z.number(),
      lessonTitle: z.string(),
      programId: z.number(),
      programTitle: z.string(),
      tabId: z.string(),
      tabTitle: z.string(),
      tabTitleTranslations: contentTexts.optional(),
      tabIndex: z.number(),
      tabs: z.number(),
      step: z.number(),
      steps: z.number(),
      updatedAt: z.string(),
      stuckSince: z.string().nullable(),
    }),
  ),
  lockedOut: z.array(z.object({ studentId: z.number(), firstName: z.string(), lessonId: z.number(), lessonTitle: z.string(), until: z.string() })),
  classId: z.number().nullable(),
  classes: z.array(z.object({ id: z.number(), name: z.string(), meetingNow: z.boolean() })),
}) satisfies z.ZodType<ClassNow>;

export const classNowHelped = z.object({ studentId: z.number(), cleared: z.number() }) satisfies z.ZodType<ClassNowHelped>;
export const stuckResult = z.object({ lessonId: z.number(), stuckSince: z.string() }) satisfies z.ZodType<StuckResult>;

export const myUnlocksAnswer = z.object({
  unlocked: z.array(z.number()),
  lockedOut: z.array(z.object({ lessonId: z.number(), until: z.string(), retryAfter: z.number() })),
}) satisfies z.ZodType<MyUnlocks>;

export const classUnlockResult = z.object({ lessonId: z.number(), students: z.number(), newlyUnlocked: z.number() }) satisfies z.ZodType<ClassUnlockResult>;

export const progressEntry = z.object({
  lessonId: z.number(),
  tabId: z.string(),
  tabTitle: z.string(),
  tabsDone: z.array(z.number()),
  tabIndex: z.number(),
  tabs: z.number(),
  step: z.number(),
  steps: z.number(),
  programId: z.number(),
  finishedAt: z.string().nullable(),
  startedAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<ProgressEntry>;

export const studentProgressEntry = progressEntry.extend({ title: z.string() }) satisfies z.ZodType<StudentProgressEntry>;

export const progressSummary = z.object({
  studentId: z.number(),
  unlocked: z.number(),
  inProgress: z.number(),
  finished: z.number(),
  lastActiveAt: z.string().nullable(),
  lockedOut: z.array(z.object({ lessonId: z.number(), lessonTitle: z.string(), until: z.string() })),
}) satisfies z.ZodType<ProgressSummary>;

export const reportReceipt = z.object({ id: z.number(), reference: z.string() }) satisfies z.ZodType<ProblemReportReceipt>;

const reportSummary = z.object({
  id: z.number(),
  reference: z.string(),
  status: z.enum(['new', 'investigating', 'fixed']),
  comment: z.string(),
  note: z.string(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  role: z.string(),
  appVersion: z.string(),
  userAgent: z.string(),
  screen: z.string(),
  program: z.string().nullable(),
  lessonId: z.number().nullable(),
  lessonTitle: z.string().nullable(),
  error: z.object({ message: z.string(), stack: z.string().optional(), source: z.string() }).nullable(),
  hasScreenshot: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const reportPage = z.object({ reports: z.array(reportSummary), total: z.number(), page: z.number(), perPage: z.number() }) satisfies z.ZodType<ProblemReportPage>;

/** `log` is the recorder's action log as it was checked and stored: any JSON. */
export const reportDetail = reportSummary.extend({ log: z.unknown(), screenshot: z.string().nullable() }) satisfies z.ZodType<ProblemReportDetail>;
