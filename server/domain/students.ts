/** Student records: the roster each role may see, and signing up a student. */
import { invalidParams, notAllowed } from '../errors';
import * as q from '../db/queries';
import type { StudentRow, UserRow } from '../db/schema';
import { studentWelcomeMail } from '../mail/templates';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';
import { loginNameBase, uniqueLoginName } from './loginNames';
import { generatePassword } from './passwords';
import { insertAccount } from './users';

/** Administrators: all students. Franchise owners: their own. */
export function listStudentsFor(ctx: DomainContext, actor: Actor): Promise<StudentRow[]> {
  if (isAdmin(actor)) return q.listStudents(ctx.db.kysely, 'all');
  if (isOwner(actor)) return q.listStudents(ctx.db.kysely, { teacherId: actor.id });
  throw notAllowed(true);
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
  return teacher;
}

/** The student's user and student record, in one transaction; returns the login name. */
function insertStudentAccount(ctx: DomainContext, teacher: UserRow, input: NewStudentInput, hash: string, now: Date): Promise<string> {
  return q.inTransaction(ctx.db, async (trx) => {
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
      },
      now,
    );
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
    return name;
  });
}

/**
 * Creates the student's user (login name from the names, a generated password, the parent's
 * e-mail) and the student record in one transaction, then mails the sign-in details to the parent.
 */
export async function createStudent(ctx: DomainContext, actor: Actor, input: NewStudentInput): Promise<CreateStudentOutcome> {
  const teacher = await teacherFor(ctx, actor, input);
  const db = ctx.db;
  if (await q.findUserByEmail(db.kysely, input.parentEmail)) return 'already_exists';
  const password = generatePassword();
  const hash = await ctx.hasher.hash(password);
  const now = ctx.clock();
  let username: string | null = null;
  // A login name picked at the same moment by another sign-up makes the insert fail: pick again.
  for (let attempt = 1; username === null; attempt += 1) {
    try {
      username = await insertStudentAccount(ctx, teacher, input, hash, now);
    } catch (err) {
      if (!q.isUniqueViolation(err)) throw err;
      // Two sign-ups with one e-mail at once: the unique index lets one through.
      if (await q.findUserByEmail(db.kysely, input.parentEmail)) return 'already_exists';
      if (attempt >= 10) throw err;
    }
  }
  await ctx.mailer.send(
    studentWelcomeMail({
      to: input.parentEmail,
      parentName: input.parentName,
      studentName: `${input.studentFirstName} ${input.studentLastName}`,
      username,
      password,
      siteUrl: ctx.siteUrl,
    }),
  );
  return 'email_sent';
}
