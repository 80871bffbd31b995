/**
 * The rosters' answers and bodies (students, users, sign-ups): loaded with the first roster call,
 * not with the login page (src/api/createApiClient.ts).
 */
import type { CreateStudentOutcome, NewFranchiseOwner, NewStudent, Student, User } from './types';
import type { CreateFranchiseOwnerBody, CreateStudentBody, WireStudent, WireUser } from '../../contract';
import { firstRole, isObj, toList, toNumber, toNumberOrNull, toRole, toText, unreadable } from './mappers';

export function mapStudent(wire: WireStudent): Student {
  return {
    id: toNumber(wire.user_id),
    teacherId: toNumber(wire.teacher_id),
    firstName: toText(wire.student_first_name),
    lastName: toText(wire.student_last_name),
    parentName: toText(wire.parent_name),
    parentEmail: toText(wire.parent_email),
    phone: toText(wire.phone),
    program: toText(wire.program),
    startDate: toText(wire.lessons_start_date),
    endDate: toText(wire.lessons_end_date),
    numberOfLessons: toNumber(wire.number_of_lessons),
    ...lessonFigures(wire),
  };
}

/** A plain WordPress row has no figures: the key stays absent, so the app knows not to show the column. */
function lessonFigures(wire: WireStudent): Pick<Student, 'lessonsUsed' | 'lessonsLeft'> {
  const used = toNumberOrNull(wire.lessons_used);
  const left = toNumberOrNull(wire.lessons_left);
  return { ...(used === null ? {} : { lessonsUsed: used }), ...(left === null ? {} : { lessonsLeft: left }) };
}

export function mapUser(wire: WireUser): User {
  return {
    id: toNumber(wire.user_id),
    role: Array.isArray(wire.role) || isObj(wire.role) ? firstRole(wire.role) : toRole(wire.role),
    firstName: toText(wire.FirstName),
    lastName: toText(wire.LastName),
    email: toText(wire.Email),
    country: toText(wire.Country),
    state: toText(wire.State),
    territory: toText(wire.Territory),
    teacherId: toNumberOrNull(wire.teacher_id),
  };
}

export const mapStudents = (wire: unknown): Student[] => toList<WireStudent>(wire).filter(isObj).map(mapStudent);
export const mapUsers = (wire: unknown): User[] => toList<WireUser>(wire).filter(isObj).map(mapUser);

/** create_student answers a JSON string literal ("email_sent", with the quotes). */
export function mapCreateStudentOutcome(wire: unknown): CreateStudentOutcome {
  const outcome = typeof wire === 'string' ? wire.trim() : '';
  return outcome === 'already_exists' || outcome === 'email_sent' ? outcome : unreadable();
}

export const mapCreatedOwner = (wire: unknown): { userId: number; username: string } =>
  isObj(wire) ? { userId: toNumber(wire.user_id), username: toText(wire.username) } : unreadable();

/** wl/v1 bodies without AUTH_KEY, which the client puts first. */
type WlFields<Body> = Omit<Body, 'AUTH_KEY'>;

export const newStudentFields = (input: NewStudent): WlFields<CreateStudentBody> => ({
  ParentName: input.parentName,
  StudentFirstName: input.studentFirstName,
  StudentLastName: input.studentLastName,
  ParentEmail: input.parentEmail,
  Phone: input.phone,
  Program: input.program,
  LessonStartDate: input.startDate,
  LessonEndDate: input.endDate,
  NumberOfLessons: input.numberOfLessons,
  TeacherId: input.teacherId,
});

export const newFranchiseOwnerFields = (input: NewFranchiseOwner): WlFields<CreateFranchiseOwnerBody> => ({
  FirstName: input.firstName,
  LastName: input.lastName,
  Email: input.email,
  Country: input.country,
  State: input.state,
  Territory: input.territory,
});
