/**
 * What a parent may do besides reading (contract/family.ts): download a child's data, ask for the
 * child's erasure, write to the teacher, and change their own settings. Each names one of their
 * own children; any other child is 404 as if it did not exist.
 */
import type { FamilyChild, FamilyOverview, FamilySettingsInput, StudentDataExport } from '../../contract';
import * as q from '../db/queries';
import { ApiError, invalidParams, tooManyAttempts } from '../errors';
import { mailLanguageOf } from '../mail/catalogue';
import { familyMessageMail } from '../mail/templates';
import type { DomainContext } from './context';
import { familyChild, familyChildren, familyOverview } from './familyOverview';
import { ensureFamilySettings, normalEmail, setFamilyLanguage, setFamilySubscribed } from './familySettings';
import { studentDataExportOf } from './privacy';
import type { RateLimiter } from './rateLimiter';

/** The audit log's actor role of a parent (a family session has no user id). */
export const PARENT_ACTOR_ROLE = 'parent';

export async function familyChildData(ctx: DomainContext, parentEmail: string, studentId: number): Promise<StudentDataExport> {
  await familyChild(ctx.db.kysely, parentEmail, studentId);
  return studentDataExportOf(ctx, studentId);
}

/** Records the request once (asking again answers the same), with its audit entry in the same transaction. */
export async function requestErasure(ctx: DomainContext, parentEmail: string, studentId: number): Promise<FamilyChild> {
  const now = ctx.clock();
  await q.inTransaction(ctx.db, async (trx) => {
    const child = await familyChild(trx, parentEmail, studentId);
    if (!(await q.insertErasureRequest(trx, studentId, now.toISOString()))) return;
    await q.insertAuditEntry(trx, {
      at: now.toISOString(),
      actor_id: null,
      actor_role: PARENT_ACTOR_ROLE,
      action: 'student.erasure_requested',
      subject_type: 'student',
      subject_id: studentId,
      owner_id: child.teacher_id,
      before_json: '{}',
      after_json: '{}',
    });
  });
  const card = (await familyChildren(ctx, parentEmail, undefined)).find((c) => c.studentId === studentId);
  if (!card) throw new ApiError(404, 'rest_user_invalid_id', 'Invalid user ID.');
  return card;
}

/** A short message to the child's teacher by mail, answered to the parent: the subject names no child. */
export async function messageTeacher(ctx: DomainContext, parentEmail: string, studentId: number, text: string, perEmail: RateLimiter): Promise<void> {
  const db = ctx.db.kysely;
  const email = normalEmail(parentEmail);
  const child = await familyChild(db, email, studentId);
  const wait = (await perEmail.take(email)).retryAfter;
  if (wait !== null) throw tooManyAttempts(wait);
  const teacher = await q.findUserById(db, child.teacher_id);
  if (!teacher) throw new ApiError(404, 'rest_user_invalid_id', 'Invalid user ID.');
  const mail = familyMessageMail(mailLanguageOf(teacher.locale), {
    to: teacher.email,
    teacherName: teacher.display_name,
    studentName: `${child.student_first_name} ${child.student_last_name}`,
    parentEmail: email,
    message: text,
  });
  const now = ctx.clock();
  // The teacher's answer goes to the parent (the body says the address too, for mail apps that drop Reply-To).
  const id = await q.enqueueMail(db, { to: mail.to, subject: mail.subject, body: mail.text, html: mail.html, headers: { 'Reply-To': email } }, now);
  await ctx.mail.deliverSoon([id]);
}

/** The parent's language (for all their families) and, per family, the summary mail on or off. */
export async function changeFamilySettings(ctx: DomainContext, parentEmail: string, input: FamilySettingsInput): Promise<FamilyOverview> {
  const email = normalEmail(parentEmail);
  const now = ctx.clock();
  const owners = new Set((await q.childrenOfEmail(ctx.db.kysely, email)).map((s) => s.teacher_id));
  const unknown = (input.summaries ?? []).filter((s) => !owners.has(s.ownerId));
  if (unknown.length > 0) throw invalidParams({ summaries: `Not one of your families: ${unknown.map((s) => s.ownerId).join(', ')}.` });
  await q.inTransaction(ctx.db, async (trx) => {
    for (const ownerId of owners) await ensureFamilySettings(trx, ownerId, email, now);
    if (input.language !== undefined) await setFamilyLanguage(trx, { email }, input.language, now);
    for (const s of input.summaries ?? []) await setFamilySubscribed(trx, s.ownerId, email, s.subscribed, now);
  });
  return familyOverview(ctx, email);
}
