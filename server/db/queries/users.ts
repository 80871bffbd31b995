import type { NewUserRow, Role, UserRow } from '../schema';
import type { Executor } from './executor';

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username.toLowerCase()).executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** Every account with this e-mail, oldest first: one, or several children's student accounts of one family. */
export function findUsersByEmail(db: Executor, email: string, limit: number): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).orderBy('id').limit(limit).execute();
}

export async function usernameExists(db: Executor, username: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('username', '=', username.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Executor, user: NewUserRow): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, username: user.username.toLowerCase(), email: user.email.toLowerCase() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new password; tokens issued before `changedAt` (ISO 8601) stop working. */
export async function updatePasswordHash(db: Executor, id: number, passwordHash: string, changedAt: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, password_changed_at: changedAt }).where('id', '=', id).execute();
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** All users, or one owner with that owner's students. Ordered by id. */
export function listUsers(db: Executor, scope: { ownerId: number } | 'all'): Promise<UserRow[]> {
  let q = db.selectFrom('users').selectAll();
  if (scope !== 'all') {
    const { ownerId } = scope;
    q = q.where((eb) => eb.or([eb('id', '=', ownerId), eb.and([eb('role', '=', 'student'), eb('teacher_id', '=', ownerId)])]));
  }
  return q.orderBy('id').execute();
}

export function findUserWithRole(db: Executor, id: number, role: Role): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('role', '=', role).executeTakeFirst();
}

/** A user's account fields that follow a student's record (names, e-mail, owner, sign-in). */
export async function updateUser(db: Executor, id: number, changes: Partial<Omit<UserRow, 'id'>>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Display names by user id. */
export async function userDisplayNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.display_name]));
}
