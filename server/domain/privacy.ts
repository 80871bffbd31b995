/**
 * A child's data: everything stored about one student as a download, erasing it,
 * the scheduled anonymisation of students whose lessons ended long ago, and the acceptances of the
 * terms of use.
 *
 * Erasing keeps the student's rows (so an owner's counts hold) and replaces every name and contact
 * in them; it deletes what only tells about the child (unlocks, wrong codes, user meta, terms
 * acceptances, class memberships, attendance marks, mails to the parent about the child) and scrubs the values out of their audit
 * entries, all in one transaction.
 */
import { createHash } from 'node:crypto';
import { CONTENT_IDS, ERASED_STUDENT_FIRST_NAME, ERASED_STUDENT_LAST_NAME } from '../../contract';
import type { StudentDataExport, StudentEraseResult, TermsAcceptanceState } from '../../contract';
import * as q from '../db/queries';
import type { Executor } from '../db/queries';
import type { StudentRow, UserRow } from '../db/schema';
import { ApiError, notAllowed } from '../errors';
import { recordAudit } from './audit';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';

export function noSuchStudent(): ApiError {
  return new ApiError(404, 'rest_user_invalid_id', 'There is no such student on your lists.');
}

/** The student when the caller may see them: administrators any, owners their own; 404 for anyone else's. */
async function studentFor(db: Executor, actor: Actor, userId: number): Promise<StudentRow> {
  if (!isAdmin(actor) && !isOwner(actor)) throw notAllowed(true);
  const student = await q.findStudent(db, userId);
  if (!student || (isOwner(actor) && student.teacher_id !== actor.id)) throw noSuchStudent();
  return student;
}

function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The outbox mails to the parent about this child. The mails do not name the student they are
 * about: a mail is theirs when it names the child (the sign-in mail's subject, a pending mail's
 * text) or when nobody else uses that address (a sent reset mail keeps neither name nor text).
 */
async function mailsAboutChild(db: Executor, student: StudentRow, account: UserRow): Promise<q.OutboxRow[]> {
  const addresses = [...new Set([account.email.toLowerCase(), student.parent_email.toLowerCase()].filter((a) => a !== ''))];
  const names = [account.username, account.display_name, `${student.student_first_name} ${student.student_last_name}`].map((n) => n.trim()).filter((n) => n.length >= 3);
  const found: q.OutboxRow[] = [];
  for (const address of addresses) {
    const others = await db
      .selectFrom('students')
      .select('user_id')
      .where('user_id', '!=', student.user_id)
      .where('erased_at', 'is', null)
      .where((eb) => eb(eb.fn('lower', ['parent_email']), '=', address))
      .executeTakeFirst();
    const otherAccount = await db.selectFrom('users').select('id').where('id', '!=', account.id).where((eb) => eb(eb.fn('lower', ['email']), '=', address)).executeTakeFirst();
    const addressIsTheirs = !others && !otherAccount;
    for (const mail of await q.listMailsTo(db, address)) {
      if (addressIsTheirs || names.some((n) => mail.subject.includes(n) || mail.body.includes(n))) found.push(mail);
    }
  }
  return found;
}

/** Everything stored about one student, for their owner or an administrator. */
export async function studentDataFor(ctx: DomainContext, actor: Actor, userId: number): Promise<StudentDataExport> {
  await studentFor(ctx.db.kysely, actor, userId);
  return studentDataExportOf(ctx, userId);
}

/** Everything stored about one student, for a caller already allowed to see it (a parent: their own child). */
export async function studentDataExportOf(ctx: DomainContext, userId: number): Promise<StudentDataExport> {
  const db = ctx.db.kysely;
  const student = await q.findStudent(db, userId);
  if (!student) throw noSuchStudent();
  const account = await q.findUserById(db, userId);
  if (!account) throw noSuchStudent();
  const [unlocks, progress, steps, failures, meta, audit, mails, terms, classes, attendance] = [
    await q.listUnlocksWithTitles(db, userId),
    await q.progressOfStudent(db, userId),
    await q.stepVisitsOfStudent(db, userId),
    await q.countUnlockFailures(db, userId),
    await q.getUserMeta(db, userId),
    await q.listAuditAbout(db, userId),
    await mailsAboutChild(db, student, account),
    await q.listTermsAcceptances(db, userId),
    await q.listClassMemberships(db, userId),
    await q.attendanceOfStudent(db, userId),
  ];
  return {
    exportedAt: ctx.clock().toISOString(),
    student: {
      userId: student.user_id,
      ownerId: student.teacher_id,
      firstName: student.student_first_name,
      lastName: student.student_last_name,
      parentName: student.parent_name,
      parentEmail: student.parent_email,
      phone: student.phone,
      program: student.program,
      lessonsStartDate: student.lessons_start_date,
      lessonsEndDate: student.lessons_end_date,
      numberOfLessons: Number(student.number_of_lessons),
      createdAt: student.created_at,
      erasedAt: student.erased_at,
    },
    account: {
      id: account.id,
      username: account.username,
      email: account.email,
      displayName: account.display_name,
      firstName: account.first_name,
      lastName: account.last_name,
      role: account.role,
      country: account.country,
      state: account.state,
      territory: account.territory,
      createdAt: account.created_at,
      passwordChangedAt: account.password_changed_at,
    },
    unlocks: unlocks.map((u) => ({ pageId: u.page_id, title: u.title ?? '', unlockedAt: u.created_at })),
    progress: progress.map((p) => ({
      lessonId: p.lesson_id,
      tab: p.tab_index + 1,
      tabs: p.tabs,
      step: p.step,
      steps: p.steps,
      startedAt: p.started_at,
      updatedAt: p.updated_at,
      finishedAt: p.finished_at,
    })),
    steps: steps.map((v) => ({
      lessonId: v.lesson_id,
      tab: v.tab_index + 1,
      step: v.step,
      firstAt: v.first_at,
      lastAt: v.last_at,
      leftAt: v.left_at,
      seconds: v.seconds,
      stuckPresses: v.stuck_presses,
    })),
    failedUnlockAttempts: failures,
    userMeta: meta,
    auditEntries: audit.map((e) => ({ at: e.at, action: e.action, actorRole: e.actor_role, before: parseJsonObject(e.before_json), after: parseJsonObject(e.after_json) })),
    mails: mails.map((m) => ({ subject: m.subject, createdAt: m.created_at, sentAt: m.sent_at, status: m.status })),
    termsAcceptances: terms.map((t) => ({ version: t.version, acceptedAt: t.accepted_at })),
    classes: classes.map((c) => ({ name: c.name, joinedAt: c.joined_at, leftAt: c.left_at })),
    attendance: attendance.map((a) => ({ meetingDate: a.starts_at.slice(0, 10), className: a.class_name, mark: a.mark })),
  };
}

/** Not a hash argon2 can match: no password signs in to an erased account. */
const UNUSABLE_PASSWORD_HASH = '!erased';

/**
 * Erases one student's data in one transaction (see the file's comment); `actor` null for the
 * retention job. Erasing an erased student changes nothing and says so.
 */
async function eraseStudentData(ctx: DomainContext, actor: Actor | null, userId: number, action: 'student.erase' | 'student.anonymise'): Promise<StudentEraseResult> {
  const now = ctx.clock();
  return q.inTransaction(ctx.db, async (trx) => {
    const claimed = await q.claimErasure(trx, userId, now.toISOString());
    const student = await q.findStudent(trx, userId);
    if (!student) throw noSuchStudent();
    if (!claimed) return { userId, erasedAt: student.erased_at ?? now.toISOString(), alreadyErased: true };
    const account = await q.findUserById(trx, userId);
    if (account) {
      await q.deleteMails(trx, (await mailsAboutChild(trx, student, account)).map((m) => m.id));
      await q.anonymiseAccount(trx, userId, {
        username: `erased-${userId}`,
        email: `erased-${userId}@erased.invalid`,
        displayName: `${ERASED_STUDENT_FIRST_NAME} ${ERASED_STUDENT_LAST_NAME}`,
        firstName: ERASED_STUDENT_FIRST_NAME,
        lastName: ERASED_STUDENT_LAST_NAME,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        // Tokens carry whole seconds and one issued in the second of the change still counts
        // (http/auth.ts): a second later refuses every token issued up to now.
        passwordChangedAt: new Date(now.getTime() + 1000).toISOString(),
      });
    }
    await q.anonymiseStudentRecord(trx, userId, { first: ERASED_STUDENT_FIRST_NAME, last: ERASED_STUDENT_LAST_NAME });
    await q.deleteUserActivity(trx, userId);
    await q.deleteAttendanceOf(trx, userId);
    // The problem reports the child sent: their note, picture and log are about them.
    await q.deleteReportsOfUser(trx, userId);
    await q.scrubAuditEntries(trx, 'student', userId);
    await q.scrubAuditEntries(trx, 'user', userId);
    // A parent's request to erase the child is answered by the erasure itself.
    await q.resolveErasureRequests(trx, userId, now.toISOString());
    await q.forgetChildlessFamily(trx, student.teacher_id, student.parent_email);
    await recordAudit(trx, actor, { action, subjectType: 'student', subjectId: userId, ownerId: student.teacher_id }, now);
    return { userId, erasedAt: now.toISOString(), alreadyErased: false };
  });
}

/** 403 or 404 unless the caller may export or erase this student's data. */
export async function checkStudentAccess(ctx: DomainContext, actor: Actor, userId: number): Promise<void> {
  await studentFor(ctx.db.kysely, actor, userId);
}

/** A parent asked: the student's owner or an administrator erases the child's data. */
export async function eraseStudent(ctx: DomainContext, actor: Actor, userId: number): Promise<StudentEraseResult> {
  await studentFor(ctx.db.kysely, actor, userId);
  return eraseStudentData(ctx, actor, userId, 'student.erase');
}

/** The day (YYYY-MM-DD) before which ended lessons are anonymised: `months` before now. */
export function retentionCutoff(now: Date, months: number): string {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

const BATCH = 100;

/**
 * Anonymises every student whose lessons ended more than `months` ago; returns how many this call
 * erased. Several instances may run it at once: each student is claimed in its own transaction
 * (q.claimErasure), so each is erased once and the others pass over it.
 */
export async function anonymiseEndedStudents(ctx: DomainContext, months: number): Promise<number> {
  const cutoff = retentionCutoff(ctx.clock(), months);
  let erased = 0;
  for (;;) {
    const ids = await q.listEndedStudentIds(ctx.db.kysely, cutoff, BATCH);
    for (const id of ids) {
      if (!(await eraseStudentData(ctx, null, id, 'student.anonymise')).alreadyErased) erased += 1;
    }
    if (ids.length < BATCH) return erased;
  }
}

/** The version of the terms of use as published now: a hash of the terms page's content; null without one. */
export async function currentTermsVersion(db: Executor): Promise<string | null> {
  const page = await q.findPage(db, CONTENT_IDS.termsPage);
  if (!page || page.status !== 'publish') return null;
  return createHash('sha256').update(page.content, 'utf8').digest('hex').slice(0, 16);
}

export async function termsStateFor(ctx: DomainContext, actor: Actor): Promise<TermsAcceptanceState> {
  const db = ctx.db.kysely;
  const latest = await q.latestTermsAcceptance(db, actor.id);
  return { currentVersion: await currentTermsVersion(db), acceptedVersion: latest?.version ?? null, acceptedAt: latest?.accepted_at ?? null };
}

/** The user accepts the terms they read; refused when the terms changed since (they must read them again). */
export async function acceptTerms(ctx: DomainContext, actor: Actor, version: string): Promise<TermsAcceptanceState> {
  const db = ctx.db.kysely;
  const current = await currentTermsVersion(db);
  if (current === null) throw new ApiError(404, 'terms_not_found', 'There are no terms of use to accept.');
  if (version !== current) throw new ApiError(409, 'terms_changed', 'The terms of use have changed since they were shown. Please read them again.');
  const latest = await q.latestTermsAcceptance(db, actor.id);
  if (latest?.version !== current) {
    const now = ctx.clock();
    await q.inTransaction(ctx.db, async (trx) => {
      await q.insertTermsAcceptance(trx, actor.id, current, now.toISOString());
      const ownerId = actor.role === 'student' ? actor.user.teacher_id : actor.role === 'franchise_owner' ? actor.id : null;
      await recordAudit(trx, actor, { action: 'user.terms_accept', subjectType: 'user', subjectId: actor.id, ownerId, after: { version: current } }, now);
    });
  }
  return termsStateFor(ctx, actor);
}
