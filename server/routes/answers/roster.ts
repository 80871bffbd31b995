/**
 * The answers about students and their accounts: one student and the audit log (contract/rosterEdit.ts),
 * the bulk import (studentImport.ts), sign-in details (credentials.ts), sign-in cards (signInCards.ts)
 * and a child's data (privacy.ts).
 */
import { z } from 'zod';
import {
  STUDENT_IMPORT_FIELDS,
  type AuditPage,
  type ChangeMyPasswordResponse,
  type RosterStudent,
  type SignInCardList,
  type SignInCardsIssued,
  type SignInCardVoided,
  type SignInMailSent,
  type StudentCredentials,
  type StudentDataExport,
  type StudentEraseResult,
  type StudentImportPreview,
  type StudentPasswordReset,
  type TermsAcceptanceState,
} from '../../../contract';
import { wireStudent } from './wire';

const json = z.record(z.string(), z.unknown());

export const rosterStudent = wireStudent.extend({
  loginName: z.string(),
  status: z.enum(['active', 'ended', 'erased']),
  endedAt: z.string().nullable(),
  signInDisabled: z.boolean(),
}) satisfies z.ZodType<RosterStudent>;

export const auditPage = z.object({
  entries: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      actor: z.object({ id: z.number(), name: z.string(), role: z.string() }).nullable(),
      action: z.string(),
      subject: z.object({ type: z.string(), id: z.number(), name: z.string() }),
      ownerId: z.number().nullable(),
      before: json,
      after: json,
    }),
  ),
  nextBefore: z.number().nullable(),
}) satisfies z.ZodType<AuditPage>;

const importFields = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(STUDENT_IMPORT_FIELDS.map((field) => [field, value])) as Record<(typeof STUDENT_IMPORT_FIELDS)[number], T>);

export const studentImportPreview = z.object({
  id: z.number(),
  fileName: z.string(),
  ownerId: z.number(),
  status: z.enum(['preview', 'imported']),
  createdAt: z.string(),
  expiresAt: z.string(),
  ignoredColumns: z.array(z.string()),
  rows: z.array(
    z.object({
      row: z.number(),
      values: importFields(z.string()),
      errors: importFields(z.string()).partial(),
      duplicate: z.enum(['existing', 'in_file']).nullable(),
    }),
  ),
  counts: z.object({ rows: z.number(), valid: z.number(), invalid: z.number(), duplicates: z.number() }),
  imported: z.number(),
  signInMails: z.object({ done: z.number(), total: z.number() }),
}) satisfies z.ZodType<StudentImportPreview>;

export const studentCredentials = z.object({ loginName: z.string(), lastSignInAt: z.string().nullable() }) satisfies z.ZodType<StudentCredentials>;
export const studentPasswordReset = z.object({ loginName: z.string(), password: z.string() }) satisfies z.ZodType<StudentPasswordReset>;
export const signInMailSent = z.object({ sent: z.literal(true) }) satisfies z.ZodType<SignInMailSent>;
export const changeMyPasswordAnswer = z.object({ token: z.string() }) satisfies z.ZodType<ChangeMyPasswordResponse>;

export const signInCardsIssued = z.object({
  cards: z.array(z.object({ id: z.number(), studentId: z.number(), firstName: z.string(), link: z.string() })),
}) satisfies z.ZodType<SignInCardsIssued>;

export const signInCardList = z.object({
  cards: z.array(z.object({ id: z.number(), studentId: z.number(), createdAt: z.string(), lastUsedAt: z.string().nullable(), voidedAt: z.string().nullable() })),
}) satisfies z.ZodType<SignInCardList>;

export const signInCardVoided = z.object({ id: z.number(), voidedAt: z.string() }) satisfies z.ZodType<SignInCardVoided>;

export const studentDataExport = z.object({
  exportedAt: z.string(),
  student: z.object({
    userId: z.number(),
    ownerId: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    parentName: z.string(),
    parentEmail: z.string(),
    phone: z.string(),
    program: z.string(),
    lessonsStartDate: z.string(),
    lessonsEndDate: z.string(),
    numberOfLessons: z.number(),
    createdAt: z.string(),
    erasedAt: z.string().nullable(),
  }),
  account: z.object({
    id: z.number(),
    username: z.string(),
    email: z.string(),
    displayName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.string(),
    country: z.string(),
    state: z.string(),
    territory: z.string(),
    createdAt: z.string(),
    passwordChangedAt: z.string(),
  }),
  unlocks: z.array(z.object({ pageId: z.number(), title: z.string(), unlockedAt: z.string() })),
  progress: z.array(
    z.object({
      lessonId: z.number(),
      tab: z.number(),
      tabs: z.number(),
      step: z.number(),
      steps: z.number(),
      startedAt: z.string(),
      updatedAt: z.string(),
      finishedAt: z.string().nullable(),
    }),
  ),
  steps: z.array(
    z.object({
      lessonId: z.number(),
      tab: z.number(),
      step: z.number(),
      firstAt: z.string(),
      lastAt: z.string(),
      leftAt: z.string().nullable(),
      seconds: z.number(),
      stuckPresses: z.number(),
    }),
  ),
  failedUnlockAttempts: z.number(),
  userMeta: z.record(z.string(), z.string()),
  auditEntries: z.array(z.object({ at: z.string(), action: z.string(), actorRole: z.string(), before: json, after: json })),
  mails: z.array(z.object({ subject: z.string(), createdAt: z.string(), sentAt: z.string().nullable(), status: z.string() })),
  termsAcceptances: z.array(z.object({ version: z.string(), acceptedAt: z.string() })),
  classes: z.array(z.object({ name: z.string(), joinedAt: z.string(), leftAt: z.string().nullable() })),
  attendance: z.array(z.object({ meetingDate: z.string(), className: z.string(), mark: z.string() })),
}) satisfies z.ZodType<StudentDataExport>;

export const studentEraseResult = z.object({ userId: z.number(), erasedAt: z.string(), alreadyErased: z.boolean() }) satisfies z.ZodType<StudentEraseResult>;

export const termsAcceptanceState = z.object({
  currentVersion: z.string().nullable(),
  acceptedVersion: z.string().nullable(),
  acceptedAt: z.string().nullable(),
}) satisfies z.ZodType<TermsAcceptanceState>;
