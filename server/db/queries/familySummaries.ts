/** The families' summary mail: which children of a family are still active. */
import { sql } from 'kysely';
import type { Executor } from './executor';

/**
 * One family's children (the owner's students with this parent e-mail, lower case) whose account is
 * active: not erased and not ended. The newest record first, for the parent's name on it.
 */
export function activeChildrenOfFamily(db: Executor, ownerId: number, email: string): Promise<{ user_id: number; parent_name: string }[]> {
  return db
    .selectFrom('students')
    .innerJoin('users', 'users.id', 'students.user_id')
    .select(['students.user_id', 'students.parent_name'])
    .where('students.teacher_id', '=', ownerId)
    .where(sql<string>`lower(students.parent_email)`, '=', email)
    .where('students.erased_at', 'is', null)
    .where('users.sign_in_disabled_at', 'is', null)
    .orderBy('students.created_at', 'desc')
    .orderBy('students.user_id', 'desc')
    .execute();
}
