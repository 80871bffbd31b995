/**
 * The live class view: where each of a franchise owner's students is right now, a
 * student's "I'm stuck", and the owner's "helped". The stream of changes is in classNowHub.ts.
 */
import { CLASS_NOW_PRESENT_MINUTES, CONTENT_TEXT_LANGUAGES, classNowOrder, tabTitleMetaKey, type ClassNow, type ClassNowHelped, type ClassNowLockout, type ClassNowStudent, type StuckResult } from '../../contract';
import * as q from '../db/queries';
import type { ClassPlaceRow } from '../db/queries';
import { invalidParams, invalidUserId, notAllowed } from '../errors';
import { isAdmin, isOwner, isStudent, type Actor, type DomainContext } from './context';
import { parseObject } from './pageState';
import type { RateLimiter } from './rateLimiter';
import { classScope, type ClassChoice } from './classChoice';
import { heldBackStudents } from './unlocks';

export const PRESENT_MS = CLASS_NOW_PRESENT_MINUTES * 60_000;

/** The earliest write that still makes a student present at `now`. */
export const presentSince = (now: Date): string => new Date(now.getTime() - PRESENT_MS).toISOString();

/** Whose class the caller may watch: an owner their own; an administrator names the owner. */
export async function classOwnerOf(ctx: DomainContext, actor: Actor, ownerParam: number | undefined): Promise<number> {
  if (isOwner(actor)) {
    if (ownerParam !== undefined && ownerParam !== actor.id) throw notAllowed(true);
    return actor.id;
  }
  if (!isAdmin(actor)) throw notAllowed(true);
  if (ownerParam === undefined) throw invalidParams({ owner: 'Say whose class: owner is required.' });
  if (!(await q.findUserWithRole(ctx.db.kysely, ownerParam, 'franchise_owner'))) throw invalidParams({ owner: 'owner must name a franchise owner.' });
  return ownerParam;
}

/**
 * The names the model gives the student's tab in other languages (the tab's slot is in its id,
 * "tab-2"), so that the teacher reads it in her own language; none for a place without a tab name.
 */
function tabTitleTranslations(row: ClassPlaceRow): ClassNowStudent['tabTitleTranslations'] {
  const slot = /^tab-(\d+)$/.exec(row.tab_id)?.[1];
  if (row.tab_title === '' || slot === undefined) return undefined;
  const meta = parseObject(row.lesson_meta);
  const texts: NonNullable<ClassNowStudent['tabTitleTranslations']> = {};
  for (const language of CONTENT_TEXT_LANGUAGES) {
    const title = meta[tabTitleMetaKey(Number(slot), language)];
    if (typeof title === 'string' && title.trim() !== '') texts[language] = title;
  }
  return Object.keys(texts).length > 0 ? texts : undefined;
}

function toStudent(row: ClassPlaceRow): ClassNowStudent {
  const translations = tabTitleTranslations(row);
  return {
    studentId: row.user_id,
    firstName: row.first_name,
    lessonId: row.lesson_id,
    lessonTitle: row.lesson_title,
    programId: row.program_id,
    programTitle: row.program_title,
    tabId: row.tab_id,
    tabTitle: row.tab_title,
    ...(translations ? { tabTitleTranslations: translations } : {}),
    tabIndex: row.tab_index,
    tabs: row.tabs,
    step: row.step,
    steps: row.steps,
    updatedAt: row.updated_at,
    stuckSince: row.stuck_at,
  };
}

/** Each student's current place (the model they moved in last) among the rows, with their owner and last write. */
export function currentPlaces(rows: ClassPlaceRow[]): { ownerId: number; student: ClassNowStudent; changedAt: string }[] {
  const latest = new Map<number, ClassPlaceRow>();
  const changed = new Map<number, string>();
  for (const row of rows) {
    const seen = latest.get(row.user_id);
    if (!seen || row.updated_at > seen.updated_at || (row.updated_at === seen.updated_at && row.lesson_id > seen.lesson_id)) latest.set(row.user_id, row);
    if (row.changed_at > (changed.get(row.user_id) ?? '')) changed.set(row.user_id, row.changed_at);
  }
  return [...latest.values()].map((row) => ({ ownerId: row.teacher_id, student: toStudent(row), changedAt: changed.get(row.user_id) ?? row.changed_at }));
}

/** The owner's present students (of `members` only, when given), sorted, with when each one's place was last written. */
export async function classNowPlaces(
  ctx: DomainContext,
  ownerId: number,
  members: ReadonlySet<number> | null = null,
): Promise<{ at: string; places: { student: ClassNowStudent; changedAt: string }[] }> {
  const now = ctx.clock();
  const rows = await q.classPlaces(ctx.db.kysely, members === null ? { teacherIds: [ownerId] } : { teacherIds: [ownerId], userIds: [...members] }, presentSince(now));
  return { at: now.toISOString(), places: currentPlaces(rows).sort((a, b) => classNowOrder(a.student, b.student)) };
}

/** Each owner's children held back from a model's code now (too many wrong codes), soonest to end first; an owner with none is left out. */
export async function classLockouts(ctx: DomainContext, ownerIds: readonly number[], wrongCodes: RateLimiter): Promise<Map<number, ClassNowLockout[]>> {
  const byOwner = new Map<number, ClassNowLockout[]>();
  for (const { ownerId, ...lockout } of await heldBackStudents(ctx, ownerIds, wrongCodes)) byOwner.set(ownerId, [...(byOwner.get(ownerId) ?? []), lockout]);
  return byOwner;
}

/** The lock-outs of the class shown: all of the owner's, or the class's children's. */
export const lockoutsOf = (lockedOut: ClassNowLockout[] | undefined, members: ReadonlySet<number> | null): ClassNowLockout[] =>
  (lockedOut ?? []).filter((l) => members === null || members.has(l.studentId));

/** The class view of the owner's chosen class (see classChoice.ts), with the members it was made for. */
export async function classNowOf(ctx: DomainContext, ownerId: number, choice: ClassChoice, wrongCodes: RateLimiter): Promise<{ view: ClassNow; members: ReadonlySet<number> | null }> {
  const { classId, members, classes } = await classScope(ctx, ownerId, choice);
  const [{ at, places }, lockouts] = await Promise.all([classNowPlaces(ctx, ownerId, members), classLockouts(ctx, [ownerId], wrongCodes)]);
  return { view: { ownerId, at, students: places.map((p) => p.student), lockedOut: lockoutsOf(lockouts.get(ownerId), members), classId, classes }, members };
}

export async function classNow(ctx: DomainContext, ownerId: number, choice: ClassChoice, wrongCodes: RateLimiter): Promise<ClassNow> {
  return (await classNowOf(ctx, ownerId, choice, wrongCodes)).view;
}

export async function markMeStuck(ctx: DomainContext, actor: Actor, lessonId: number): Promise<StuckResult> {
  if (!isStudent(actor)) throw notAllowed(true);
  const at = ctx.clock().toISOString();
  const place = await q.inTransaction(ctx.db, async (trx) => {
    const stuck = await q.markStuck(trx, actor.id, lessonId, at);
    // Every press counts on the step she is on (where children get stuck), not only the first.
    if (stuck !== null) await q.pressStuckOnStep(trx, { user_id: actor.id, lesson_id: lessonId, tab_index: stuck.tab_index, step: stuck.step }, stuck.tab_title, at);
    return stuck;
  });
  if (place === null) throw invalidParams({ lessonId: 'Open a step of this model first: you have no place in it yet.' });
  return { lessonId, stuckSince: place.stuck_at ?? at };
}

/** The owner (or an administrator) has helped: the student's "I'm stuck" is cleared; another owner's student is not found. */
export async function markHelped(ctx: DomainContext, actor: Actor, studentId: number): Promise<ClassNowHelped> {
  if (!isAdmin(actor) && !isOwner(actor)) throw notAllowed(true);
  const [owner] = await q.studentOwners(ctx.db.kysely, [studentId]);
  if (!owner || (!isAdmin(actor) && owner.teacher_id !== actor.id)) throw invalidUserId();
  return { studentId, cleared: await q.clearStuck(ctx.db.kysely, studentId, ctx.clock().toISOString()) };
}
