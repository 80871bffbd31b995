import type { ClassRow, NewClassRow } from '../schema';
import type { Executor } from './executor';

export type ClassUpdate = Partial<Omit<ClassRow, 'id' | 'owner_id' | 'created_at'>>;

export async function insertClass(db: Executor, row: NewClassRow): Promise<number> {
  const inserted = await db.insertInto('classes').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function findClass(db: Executor, id: number): Promise<ClassRow | undefined> {
  return db.selectFrom('classes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** PostgreSQL only (SQLite writes one transaction at a time): holds the class's row until the transaction ends, so two edits take turns. */
export async function lockClass(db: Executor, id: number): Promise<void> {
  await db.selectFrom('classes').select('id').where('id', '=', id).forUpdate().execute();
}

export async function updateClass(db: Executor, id: number, changes: ClassUpdate): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('classes').set(changes).where('id', '=', id).execute();
}

export interface ClassListScope {
  /** One owner's classes; every owner's when absent. */
  ownerId?: number;
  /** Archived classes too. */
  archived: boolean;
}

export function listClasses(db: Executor, scope: ClassListScope): Promise<ClassRow[]> {
  let q = db.selectFrom('classes').selectAll();
  if (scope.ownerId !== undefined) q = q.where('owner_id', '=', scope.ownerId);
  if (!scope.archived) q = q.where('archived_at', 'is', null);
  return q.orderBy('id').execute();
}

/** Active classes with no meeting at all (saved before classes had meetings). */
export function activeClassesWithoutMeetings(db: Executor): Promise<ClassRow[]> {
  return db
    .selectFrom('classes')
    .selectAll()
    .where('archived_at', 'is', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('class_meetings').select('class_meetings.id').whereRef('class_meetings.class_id', '=', 'classes.id'))))
    .orderBy('id')
    .execute();
}

/** Another class of the owner, not archived, whose name folds to the same key (null: none). */
export async function activeClassNamed(db: Executor, ownerId: number, nameKey: string, exceptId: number | null): Promise<number | null> {
  let q = db.selectFrom('classes').select('id').where('owner_id', '=', ownerId).where('name_key', '=', nameKey).where('archived_at', 'is', null);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst())?.id ?? null;
}

export interface ClassMember {
  class_id: number;
  student_id: number;
  first_name: string;
  last_name: string;
  /** The student's owner now (a student an administrator moved is no longer the class owner's). */
  teacher_id: number;
}

/** The students in these classes now (memberships not left), with their names. */
export function currentClassMembers(db: Executor, classIds: readonly number[]): Promise<ClassMember[]> {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('class_students')
    .innerJoin('students', 'students.user_id', 'class_students.student_id')
    .select(['class_students.class_id', 'class_students.student_id', 'students.student_first_name as first_name', 'students.student_last_name as last_name', 'students.teacher_id'])
    .where('class_students.class_id', 'in', [...classIds])
    .where('class_students.left_at', 'is', null)
    .orderBy('class_students.id')
    .execute();
}

export async function addClassMembers(db: Executor, classId: number, studentIds: readonly number[], at: string): Promise<void> {
  if (studentIds.length === 0) return;
  await db
    .insertInto('class_students')
    .values(studentIds.map((studentId) => ({ class_id: classId, student_id: studentId, joined_at: at })))
    .execute();
}

/** The students leave the class: their rows stay, with the time they left. */
export async function closeClassMembers(db: Executor, classId: number, studentIds: readonly number[], at: string): Promise<void> {
  if (studentIds.length === 0) return;
  await db.updateTable('class_students').set({ left_at: at }).where('class_id', '=', classId).where('student_id', 'in', [...studentIds]).where('left_at', 'is', null).execute();
}

/** A student moved to another owner leaves the classes of every other owner. */
export async function leaveOtherOwnersClasses(db: Executor, studentId: number, ownerId: number, at: string): Promise<void> {
  await db
    .updateTable('class_students')
    .set({ left_at: at })
    .where('student_id', '=', studentId)
    .where('left_at', 'is', null)
    .where('class_id', 'in', db.selectFrom('classes').select('id').where('owner_id', '<>', ownerId))
    .execute();
}

/** Of these ids, the students of the owner whose lessons go on: not ended (sign-in enabled) and not erased. */
export async function activeStudentsOf(db: Executor, ownerId: number, studentIds: readonly number[]): Promise<Set<number>> {
  if (studentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('students')
    .innerJoin('users', 'users.id', 'students.user_id')
    .select('students.user_id')
    .where('students.teacher_id', '=', ownerId)
    .where('students.user_id', 'in', [...studentIds])
    .where('students.erased_at', 'is', null)
    .where('users.sign_in_disabled_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Page titles by id (a class's program), for the ids that are pages. */
export async function pageTitles(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('pages').select(['id', 'title']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Class names by id, as they are now (the audit log names its classes). */
export async function classNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('classes').select(['id', 'name']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
