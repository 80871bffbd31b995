/** Student records: the roster each role may see, and signing up a student. */
import type { WireStudent } from '../../contract';
import type { Db } from '../db/connection';
import { invalidParams, notAllowed } from '../errors';
import * as q from '../db/queries';
import type { StudentRow, UserRow } from '../db/schema';
import { mailLanguageOf } from '../mail/catalogue';
import { studentWelcomeMail } from '../mail/templates';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';
import { childExists, lockFamilies } from './families';
import { loginNameBase, uniqueLoginName } from './loginNames';
import { generatePassword } from './passwords';
import { recordAudit } from './audit';
import { insertAccount } from './users';
import { lessonCountsKey, lessonsUsed } from './lessons';

/** Administrators: all students. Franchise owners: their own. */
export function listStudentsFor(ctx: DomainContext, actor: Actor): Promise<StudentRow[]> {
  if (isAdmin(actor)) return q.listStudents(ctx.db.kysely, 'all');
  if (isOwner(actor)) return q.listStudents(ctx.db.kysely, { teacherId: actor.id });
  throw notAllowed(true);
}

/**
 * The roster answer of get_all_students_data, serialized: a franchise owner with 10,000 students
 * is about 3 MB of JSON and 50-150 ms of query, row mapping and JSON.stringify, repeated for every
 * request. The serialized answer is cached per database and scope (all students for an
 * administrator, one owner's otherwise), keyed by the students change version: a counter in the
 * database (change_versions) that a trigger bumps in the same transaction as every insert, update
 * or delete of students rows, whoever makes it (any instance behind a load balancer, the CLI, the
 * seed, a cascade from a deleted user). It is read on every request (one primary-key lookup), so
 * an edit through one instance shows through every other at once.
 * Concurrent requests for one key share one computation. At most MAX_CACHED scopes are kept
 * (least recently used dropped first).
 */
const MAX_CACHED = 16;

interface RosterCacheEntry {
  version: string;
  body: Promise<Buffer>;
}

const rosterCaches = new WeakMap<Db, Map<string, RosterCacheEntry>>();

function rosterCache(db: Db): Map<string, RosterCacheEntry> {
  let cache = rosterCaches.get(db);
  if (!cache) {
    cache = new Map();
    rosterCaches.set(db, cache);
  }
  return cache;
}

/** A student record as get_all_students_data sends it: numbers as strings, as WordPress does. */
export function toWireStudent(s: q.RosterStudentRow): WireStudent {
  return {
    user_id: String(s.user_id),
    teacher_id: String(s.teacher_id),
    student_first_name: s.student_first_name,
    student_last_name: s.student_last_name,
    parent_name: s.parent_name,
    parent_email: s.parent_email,
    phone: s.phone,
    program: s.program,
    lessons_start_date: s.lessons_start_date,
    lessons_end_date: s.lessons_end_date,
    number_of_lessons: String(s.number_of_lessons),
  };
}

/** The portal backend's roster row: the wire record with lessons used and left, written as number_of_lessons is (strings). */
function withLessons(row: q.RosterStudentRow, used: number): WireStudent {
  return { ...toWireStudent(row), lessons_used: String(used), lessons_left: String(row.number_of_lessons - used) };
}

/**
 * listStudentsFor as the UTF-8 JSON body of get_all_students_data, written by `serialize` (the
 * route's declared answer, WireStudent[]). Cached, see above.
 */
export async function studentsJsonFor(ctx: DomainContext, actor: Actor, serialize: (students: WireStudent[]) => string): Promise<Buffer> {
  let scope: q.StudentScope;
  if (isAdmin(actor)) scope = 'all';
  else if (isOwner(actor)) scope = { teacherId: actor.id };
  else throw notAllowed(true);
  const db = ctx.db;
  const cache = rosterCache(db);
  const scopeKey = scope === 'all' ? 'all' : `owner:${scope.teacherId}`;
  // Version first, rows second: the rows are at least as new as the version they are kept under,
  // so a write landing in between only makes the next request recompute.
  // Lessons used and left follow meetings and marks too (lessonCountsKey).
  const [students, lessons] = await Promise.all([q.studentsVersion(db.kysely), lessonCountsKey(ctx)]);
  const version = `${students}|${lessons}`;
  const hit = cache.get(scopeKey);
  if (hit && hit.version === version) {
    cache.delete(scopeKey);
    cache.set(scopeKey, hit);
    return hit.body;
  }
  const body = Promise.all([q.listRosterStudents(db.kysely, scope), lessonsUsed(ctx, scope === 'all' ? 'all' : { ownerId: scope.teacherId })]).then(([rows, used]) =>
    Buffer.from(serialize(rows.map((row) => withLessons(row, used.get(row.user_id) ?? 0))), 'utf8'),
  );
  const entry: RosterCacheEntry = { version, body };
  cache.delete(scopeKey);
  cache.set(scopeKey, entry);
  while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  body.catch(() => {
    if (cache.get(scopeKey) === entry) cache.delete(scopeKey);
  });
  return body;
}

export interface NewStudentInput {
  studentFirstName: string;
  studentLastName: string;
  parentName: string;
  parentEmail: string;
  phone: string;
  program: string;
  lessonStartDate: string;
  lessonEndDate: string;
  numberOfLessons: number;
  /** Only an administrator's is read: a franchise owner's students are always their own. */
  teacherId?: number;
}

export type CreateStudentOutcome = 'already_exists' | 'email_sent';

async function teacherFor(ctx: DomainContext, actor: Actor, input: NewStudentInput): Promise<UserRow> {
  if (isOwner(actor)) return actor.user;
  if (!isAdmin(actor)) throw notAllowed(true);
  const teacher = input.teacherId === undefined ? undefined : await q.findUserWithRole(ctx.db.kysely, input.teacherId, 'franchise_owner');
  if (!teacher) throw invalidParams({ TeacherId: 'TeacherId must name a franchise owner.' });
  if (teacher.sign_in_disabled_at !== null) throw invalidParams({ TeacherId: 'This franchise owner has been deactivated.' });
  return teacher;
}

/** Rolls back a sign-up whose child turned out to have an account already. */
class SameChild extends Error {}

/**
 * The student's user, student record and welcome mail, in one transaction; returns the outbox id of
 * the mail, or null when the child already has an account (checked under the family's lock, after
 * the first write on SQLite, so two identical sign-ups at once cannot both pass: see families.ts).
 */
async function insertStudentAccount(ctx: DomainContext, actor: Actor, teacher: UserRow, input: NewStudentInput, password: string, hash: string, now: Date): Promise<number | null> {
  try {
    return await q.inTransaction(ctx.db, async (trx) => {
      await lockFamilies(trx, ctx.db.dialect, [input.parentEmail]);
      const { userId, mailId } = await insertStudentRows(ctx, trx, teacher, input, password, hash, now);
      // Who signed the child up, and for which owner: ids only, the child's details stay in their record.
      await recordAudit(trx, actor, { action: 'student.create', subjectType: 'student', subjectId: userId, ownerId: teacher.id }, now);
      return mailId;
    });
  } catch (err) {
    if (err instanceof SameChild) return null;
    throw err;
  }
}

async function insertStudentRows(ctx: DomainContext, trx: q.Executor, teacher: UserRow, input: NewStudentInput, password: string, hash: string, now: Date): Promise<{ userId: number; mailId: number }> {
  const name = await uniqueLoginName(trx, loginNameBase([input.studentFirstName, input.studentLastName], 'student'));
  const userId = await insertAccount(
    trx,
    hash,
    {
      username: name,
      email: input.parentEmail,
      displayName: `${input.studentFirstName} ${input.studentLastName}`,
      firstName: input.studentFirstName,
      lastName: input.studentLastName,
      role: 'student',
      country: teacher.country,
      state: teacher.state,
      territory: teacher.territory,
      teacherId: teacher.id,
      locale: teacher.locale,
    },
    now,
  );
  if (await childExists(trx, teacher.id, input.parentEmail, input.studentFirstName, input.studentLastName)) throw new SameChild();
  await q.insertStudent(trx, {
    user_id: userId,
    teacher_id: teacher.id,
    student_first_name: input.studentFirstName,
    student_last_name: input.studentLastName,
    parent_name: input.parentName,
    parent_email: input.parentEmail.toLowerCase(),
    phone: input.phone,
    program: input.program,
    lessons_start_date: input.lessonStartDate,
    lessons_end_date: input.lessonEndDate,
    number_of_lessons: input.numberOfLessons,
    created_at: q.nowIso(now),
  });
  // The parent's mail in the owner's language, which the new student's account keeps as its own.
  const mail = studentWelcomeMail(mailLanguageOf(teacher.locale), {
    to: input.parentEmail,
    parentName: input.parentName,
    studentName: `${input.studentFirstName} ${input.studentLastName}`,
    username: name,
    password,
    siteUrl: ctx.siteUrl,
  });
  return { userId, mailId: await q.enqueueMail(trx, { to: mail.to, subject: mail.subject, body: mail.text, html: mail.html }, now) };
}

/**
 * Creates the student's user (login name from the names, a generated password, the parent's
 * e-mail) and the student record in one transaction, then mails the sign-in details to the parent.
 */
export async function createStudent(ctx: DomainContext, actor: Actor, input: NewStudentInput): Promise<CreateStudentOutcome> {
  const teacher = await teacherFor(ctx, actor, input);
  const db = ctx.db;
  if (await childExists(db.kysely, teacher.id, input.parentEmail, input.studentFirstName, input.studentLastName)) return 'already_exists';
  const password = generatePassword();
  const hash = await ctx.hasher.hash(password);
  const now = ctx.clock();
  let mailId: number | null = null;
  // A login name picked at the same moment by another sign-up makes the insert fail: pick again.
  for (let attempt = 1; mailId === null; attempt += 1) {
    try {
      mailId = await insertStudentAccount(ctx, actor, teacher, input, password, hash, now);
      if (mailId === null) return 'already_exists';
    } catch (err) {
      if (!q.isUniqueViolation(err) || attempt >= 10) throw err;
    }
  }
  await ctx.mail.deliverSoon([mailId]);
  return 'email_sent';
}
