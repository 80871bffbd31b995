/**
 * What a franchise owner does for a class. Unlocking a model for students records the
 * same unlocks a typed code does, so their galleries open on any device.
 */
import type { ClassUnlockBody, ClassUnlockResult } from '../../contract';
import * as q from '../db/queries';
import { ApiError, invalidParams, notAllowed } from '../errors';
import { activeClassOf } from './classChoice';
import { findVisiblePage } from './content';
import { CODE_META_KEY, parseMeta } from './pageState';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';
import { ownerOfWholeClass } from './ownerScope';

function noSuchStudents(ids: number[]): ApiError {
  const listed = ids.slice(0, 5).join(', ') + (ids.length > 5 ? ', …' : '');
  return new ApiError(404, 'rest_user_invalid_id', `These students are not on your list: ${listed}. Nothing was unlocked.`);
}

/** The children in one class of the caller's now (an administrator: of any owner's; ownerId, when given, must be the class's owner). */
async function classStudents(ctx: DomainContext, actor: Actor, body: ClassUnlockBody & { classId: number }): Promise<number[]> {
  if (body.students !== 'all') throw invalidParams({ students: 'With a class, students must be "all": every child in the class.' });
  if (!isAdmin(actor) && body.ownerId !== undefined && body.ownerId !== actor.id) throw notAllowed(true);
  const row = await activeClassOf(ctx, body.classId, isAdmin(actor) ? (body.ownerId ?? null) : actor.id);
  const members = await q.currentClassMembers(ctx.db.kysely, [row.id]);
  // A child an administrator moved to another owner is no longer this class's to unlock for.
  return members.filter((m) => m.teacher_id === row.owner_id).map((m) => m.student_id);
}

/** The students the unlock is for, all checked to be the caller's to unlock for. */
async function targetStudents(ctx: DomainContext, actor: Actor, body: ClassUnlockBody): Promise<number[]> {
  const db = ctx.db.kysely;
  if (body.classId !== undefined) return classStudents(ctx, actor, { ...body, classId: body.classId });
  if (body.students === 'all') {
    const ownerId = await ownerOfWholeClass(ctx, actor, body.ownerId);
    return (await q.listStudents(db, { teacherId: ownerId })).map((s) => s.user_id);
  }
  const wanted = [...new Set(body.students)];
  const found = await q.studentOwners(db, wanted);
  const allowed = new Set(found.filter((s) => isAdmin(actor) || s.teacher_id === actor.id).map((s) => s.user_id));
  const refused = wanted.filter((id) => !allowed.has(id));
  if (refused.length > 0) throw noSuchStudents(refused);
  return wanted;
}

export async function unlockForStudents(ctx: DomainContext, actor: Actor, body: ClassUnlockBody): Promise<ClassUnlockResult> {
  if (!isOwner(actor) && !isAdmin(actor)) throw notAllowed(true);
  const page = await findVisiblePage(ctx, actor, body.lessonId);
  const code = parseMeta(page)[CODE_META_KEY];
  if (typeof code !== 'string' || code === '') throw new ApiError(400, 'not_lockable', 'This page has no code: it is open to everyone already.');
  const students = await targetStudents(ctx, actor, body);
  const at = ctx.clock().toISOString();
  const newlyUnlocked = await q.inTransaction(ctx.db, async (trx) => {
    const already = await q.usersWithUnlock(trx, page.id, students);
    for (const userId of students) if (!already.has(userId)) await q.insertUnlock(trx, userId, page.id, at);
    return students.length - already.size;
  });
  return { lessonId: page.id, students: students.length, newlyUnlocked };
}
