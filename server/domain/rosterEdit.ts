/**
 * Editing, ending, re-activating and moving one student, and reading the audit log.
 * Every change writes the students row (so the roster caches, keyed by the students change
 * version, show it at once), the account fields that follow it, and its audit entry, in one
 * transaction. Owners reach only their own students; another owner's answers as an unknown id.
 */
import type { AuditEntry, AuditPage, RosterStudent } from '../../contract';
import * as q from '../db/queries';
import type { StudentRow, UserRow } from '../db/schema';
import { ApiError, invalidParams, notAllowed, studentErased } from '../errors';
import { changedFields, recordAudit } from './audit';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';
import { childExists, childKey, lockFamilies } from './families';
import { toWireStudent } from './students';
import { alreadyExists } from './users';
import { knownProgramTitle } from './programAudience';

export function studentNotFound(): ApiError {
  return new ApiError(404, 'rest_user_invalid_id', 'Invalid user ID.');
}

/** Today as YYYY-MM-DD in UTC, by the portal's clock. */
export function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export interface OwnStudent {
  student: StudentRow;
  user: UserRow;
}

/** The student and their account, when the actor may change them; 403 for other roles, 404 for an unknown or another owner's student. */
async function ownStudent(db: q.Executor, actor: Actor, id: number): Promise<OwnStudent> {
  if (!isAdmin(actor) && !isOwner(actor)) throw notAllowed(true);
  const student = await q.findStudent(db, id);
  if (!student || (!isAdmin(actor) && student.teacher_id !== actor.id)) throw studentNotFound();
  const user = await q.findUserById(db, id);
  if (!user) throw studentNotFound();
  return { student, user };
}

function toRosterStudent({ student, user }: OwnStudent): RosterStudent {
  return {
    ...toWireStudent(student),
    loginName: user.username,
    status: student.erased_at !== null ? 'erased' : user.sign_in_disabled_at === null ? 'active' : 'ended',
    endedAt: user.sign_in_disabled_at,
    signInDisabled: user.sign_in_disabled_at !== null,
  };
}

export async function getStudent(ctx: DomainContext, actor: Actor, id: number): Promise<RosterStudent> {
  return toRosterStudent(await ownStudent(ctx.db.kysely, actor, id));
}

/** Runs a change on the actor's student in one transaction and answers the student as it then is. */
async function changeStudent(ctx: DomainContext, actor: Actor, id: number, change: (trx: q.Executor, found: OwnStudent, now: Date) => Promise<void>): Promise<RosterStudent> {
  const now = ctx.clock();
  return q.inTransaction(ctx.db, async (trx) => {
    const found = await ownStudent(trx, actor, id);
    if (found.student.erased_at !== null) throw studentErased();
    await change(trx, found, now);
    return toRosterStudent(await ownStudent(trx, actor, id));
  });
}

/** Fields of a student record an edit may change, keyed by column. */
export type StudentEdit = Omit<q.StudentUpdate, 'teacher_id'>;

/** Column -> the sign-up's parameter name, for messages about a field. */
const PARAM_OF = { lessons_start_date: 'LessonStartDate', lessons_end_date: 'LessonEndDate', parent_email: 'ParentEmail' } as const;

export function editStudent(ctx: DomainContext, actor: Actor, id: number, edit: StudentEdit): Promise<RosterStudent> {
  return changeStudent(ctx, actor, id, async (trx, { student, user }, now) => {
    const start = edit.lessons_start_date ?? student.lessons_start_date;
    const end = edit.lessons_end_date ?? student.lessons_end_date;
    if (end < start) {
      const param = edit.lessons_end_date !== undefined ? PARAM_OF.lessons_end_date : PARAM_OF.lessons_start_date;
      throw invalidParams({ [param]: `The end date (${end}) must not be before the start date (${start}).` });
    }
    // A new program must be one the content has (a student's own, even gone since, may stay).
    const checked = edit.program !== undefined && edit.program !== student.program ? { ...edit, program: await knownProgramTitle(trx, edit.program) } : edit;
    const { before, after } = changedFields(student, checked);
    if (Object.keys(after).length === 0) return;
    const account: Partial<UserRow> = {};
    if (after.student_first_name !== undefined || after.student_last_name !== undefined) {
      account.first_name = after.student_first_name ?? student.student_first_name;
      account.last_name = after.student_last_name ?? student.student_last_name;
      account.display_name = `${account.first_name} ${account.last_name}`;
    }
    if (after.parent_email !== undefined || after.student_first_name !== undefined || after.student_last_name !== undefined) {
      // The sign-up's duplicate rule (families): the same parent e-mail and names are the same child.
      const email = after.parent_email ?? student.parent_email;
      const first = after.student_first_name ?? student.student_first_name;
      const last = after.student_last_name ?? student.student_last_name;
      await lockFamilies(trx, ctx.db.dialect, [email]);
      const sameChild = childKey(email, first, last) === childKey(student.parent_email, student.student_first_name, student.student_last_name);
      if (!sameChild && (await childExists(trx, student.teacher_id, email, first, last))) throw new ApiError(409, 'already_exists', 'This student already has an account with this parent email.');
    }
    if (after.parent_email !== undefined && after.parent_email !== user.email) {
      // A family's children share the parent's e-mail; any other account keeps its own.
      const holders = await q.findUsersByEmail(trx, after.parent_email, 20);
      if (holders.some((holder) => holder.id !== id && holder.role !== 'student')) throw alreadyExists('email');
      account.email = after.parent_email;
    }
    await q.updateStudent(trx, id, after);
    try {
      await q.updateUser(trx, id, account);
    } catch (err) {
      // The same e-mail saved for another account at the same moment.
      if (q.isUniqueViolation(err)) throw alreadyExists('email');
      throw err;
    }
    await recordAudit(trx, actor, { action: 'student.edit', subjectType: 'student', subjectId: id, ownerId: student.teacher_id, before, after }, now);
  });
}

/** End date today (and the start date too when the lessons had not started), sign-in disabled. Ending an ended student changes nothing. */
export function endStudent(ctx: DomainContext, actor: Actor, id: number): Promise<RosterStudent> {
  return changeStudent(ctx, actor, id, async (trx, { student, user }, now) => {
    if (user.sign_in_disabled_at !== null) return;
    const day = today(now);
    const dates = changedFields(student, { lessons_end_date: day, lessons_start_date: student.lessons_start_date > day ? day : student.lessons_start_date });
    await q.updateStudent(trx, id, dates.after);
    await q.updateUser(trx, id, { sign_in_disabled_at: now.toISOString(), sessions_ended_at: now.toISOString() });
    // A re-activation does not bring printed cards back: the owner prints new ones.
    await q.voidSignInCardsOf(trx, [id], now.toISOString());
    const before = { ...dates.before, sign_in_disabled: false };
    const after = { ...dates.after, sign_in_disabled: true };
    await recordAudit(trx, actor, { action: 'student.end', subjectType: 'student', subjectId: id, ownerId: student.teacher_id, before, after }, now);
  });
}

/** A new end date (after today) and sign-in enabled again. */
export function reactivateStudent(ctx: DomainContext, actor: Actor, id: number, endDate: string): Promise<RosterStudent> {
  return changeStudent(ctx, actor, id, async (trx, { student, user }, now) => {
    if (endDate <= today(now)) throw invalidParams({ LessonEndDate: 'The new end date must be after today.' });
    if (endDate < student.lessons_start_date) {
      throw invalidParams({ LessonEndDate: `The end date (${endDate}) must not be before the start date (${student.lessons_start_date}).` });
    }
    const dates = changedFields(student, { lessons_end_date: endDate });
    const wasDisabled = user.sign_in_disabled_at !== null;
    if (!wasDisabled && Object.keys(dates.after).length === 0) return;
    await q.updateStudent(trx, id, dates.after);
    if (wasDisabled) await q.updateUser(trx, id, { sign_in_disabled_at: null });
    const before = { ...dates.before, ...(wasDisabled ? { sign_in_disabled: true } : {}) };
    const after = { ...dates.after, ...(wasDisabled ? { sign_in_disabled: false } : {}) };
    await recordAudit(trx, actor, { action: 'student.reactivate', subjectType: 'student', subjectId: id, ownerId: student.teacher_id, before, after }, now);
  });
}

/** Administrators only: the student's record and account go to another franchise owner (and take on that owner's country, state and territory, as a sign-up does). */
export function moveStudent(ctx: DomainContext, actor: Actor, id: number, teacherId: number): Promise<RosterStudent> {
  if (!isAdmin(actor)) throw notAllowed(true);
  return changeStudent(ctx, actor, id, async (trx, found, now) => {
    const teacher = await q.findUserWithRole(trx, teacherId, 'franchise_owner');
    if (!teacher) throw invalidParams({ teacherId: 'Must name a franchise owner.' });
    if (teacher.id !== found.student.teacher_id && teacher.sign_in_disabled_at !== null) throw invalidParams({ teacherId: 'This franchise owner has been deactivated.' });
    await moveStudentWithin(trx, actor, found, teacher, now);
  });
}

/**
 * A student's move to `teacher` inside the caller's transaction, audited 'student.move' (her former
 * owner's classes left, the time she was in them kept); nothing when she is the teacher's already.
 * Moving one student and handing over a deactivated owner's students both make it.
 */
export async function moveStudentWithin(trx: q.Executor, actor: Actor, { student, user }: OwnStudent, teacher: UserRow, now: Date): Promise<void> {
  if (teacher.id === student.teacher_id) return;
  const id = student.user_id;
  await q.updateStudent(trx, id, { teacher_id: teacher.id });
  await q.updateUser(trx, id, { teacher_id: teacher.id, country: teacher.country, state: teacher.state, territory: teacher.territory });
  // Her former owner's classes are no longer hers; the time she was in them stays.
  await q.leaveOtherOwnersClasses(trx, id, teacher.id, now.toISOString());
  const place = changedFields(user, { country: teacher.country, state: teacher.state, territory: teacher.territory });
  const before = { teacher_id: student.teacher_id, ...place.before };
  const after = { teacher_id: teacher.id, ...place.after };
  await recordAudit(trx, actor, { action: 'student.move', subjectType: 'student', subjectId: id, ownerId: teacher.id, before, after }, now);
}

export interface AuditListQuery {
  filter: q.AuditFilter;
  limit: number;
  before?: number;
}

function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A student's, account's or class's name as it is now; a studio page's title as the entry recorded it. */
function subjectName(row: { subject_type: string; subject_id: number; after_json: string }, names: Record<'student' | 'user' | 'class', Map<number, string>>): string {
  if (row.subject_type === 'page') {
    const title = parseJsonObject(row.after_json).title;
    return typeof title === 'string' ? title : '';
  }
  const type = row.subject_type === 'student' || row.subject_type === 'class' ? row.subject_type : 'user';
  return names[type].get(row.subject_id) ?? '';
}

/** Administrators only: entries newest first, with the actors' and subjects' names as they are now. */
export async function listAudit(ctx: DomainContext, actor: Actor, query: AuditListQuery): Promise<AuditPage> {
  if (!isAdmin(actor)) throw notAllowed(true);
  const db = ctx.db.kysely;
  const rows = await q.listAuditEntries(db, query.filter, query.limit + 1, query.before);
  const page = rows.slice(0, query.limit);
  const userIds = new Set<number>();
  const studentIds = new Set<number>();
  const classIds = new Set<number>();
  for (const row of page) {
    if (row.actor_id !== null) userIds.add(row.actor_id);
    if (row.subject_type === 'student') studentIds.add(row.subject_id);
    else if (row.subject_type === 'class') classIds.add(row.subject_id);
    else if (row.subject_type === 'user') userIds.add(row.subject_id);
  }
  const userNames = await q.userDisplayNames(db, [...userIds]);
  const names = { student: await q.studentNames(db, [...studentIds]), user: userNames, class: await q.classNames(db, [...classIds]) };
  const entries: AuditEntry[] = page.map((row) => ({
    id: row.id,
    at: row.at,
    actor: row.actor_id === null ? null : { id: row.actor_id, name: userNames.get(row.actor_id) ?? '', role: row.actor_role },
    action: row.action,
    subject: { type: row.subject_type, id: row.subject_id, name: subjectName(row, names) },
    ownerId: row.owner_id,
    before: parseJsonObject(row.before_json),
    after: parseJsonObject(row.after_json),
  }));
  return { entries, nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}
