/**
 * Which children the class view and "unlock for the class" are about: one class of the owner's (the
 * children in it now), every student of the owner, or, when nothing is chosen, the class whose
 * meeting is under way. Read from the database each time, so every instance decides alike.
 */
import { CLASS_LIMITS, CLASS_NOW_MEETING_EARLY_MINUTES, type ClassNowClassChoice } from '../../contract';
import * as q from '../db/queries';
import type { ClassRow } from '../db/schema';
import { classNotFound } from './classes';
import type { DomainContext } from './context';

/** ?class=: a class's id, 'all' (every student of the owner), or nothing (the meeting under way, else all). */
export type ClassChoice = number | 'all' | undefined;

export interface ClassScope {
  /** The class shown; null: every student of the owner. */
  classId: number | null;
  /** The class's children now; null: every student of the owner. */
  members: ReadonlySet<number> | null;
  /** The owner's active classes, those meeting now first (the earliest to start first), then by name. */
  classes: ClassNowClassChoice[];
}

const MINUTE = 60_000;

/**
 * The owner's classes whose meeting is under way at `now` (from CLASS_NOW_MEETING_EARLY_MINUTES
 * before its start to its end; a cancelled meeting or an archived class never), the earliest to start first.
 */
export async function classesMeetingNow(ctx: DomainContext, ownerId: number): Promise<number[]> {
  const now = ctx.clock().getTime();
  const early = CLASS_NOW_MEETING_EARLY_MINUTES * MINUTE;
  // No meeting is longer than a class may be: one that started before that has ended.
  const from = new Date(now - CLASS_LIMITS.maxLengthMinutes * MINUTE).toISOString();
  const rows = await q.ownerLiveMeetingsStarting(ctx.db.kysely, ownerId, from, new Date(now + early).toISOString());
  const ids: number[] = [];
  for (const row of rows) {
    const start = Date.parse(row.starts_at_utc);
    if (now >= start - early && now < start + row.length_minutes * MINUTE && !ids.includes(row.class_id)) ids.push(row.class_id);
  }
  return ids;
}

/** The children in each of these classes now (left_at not set). */
export async function classMembersNow(ctx: DomainContext, classIds: readonly number[]): Promise<Map<number, Set<number>>> {
  const byClass = new Map<number, Set<number>>(classIds.map((id) => [id, new Set<number>()]));
  for (const row of await q.currentClassMembers(ctx.db.kysely, classIds)) byClass.get(row.class_id)?.add(row.student_id);
  return byClass;
}

function choices(rows: ClassRow[], meetingNow: number[]): ClassNowClassChoice[] {
  const rank = (id: number) => {
    const i = meetingNow.indexOf(id);
    return i < 0 ? meetingNow.length : i;
  };
  return rows
    .map((row) => ({ id: row.id, name: row.name, meetingNow: meetingNow.includes(row.id) }))
    .sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name) || a.id - b.id);
}

/** The children the owner's class view shows for the choice; another owner's class, or an archived one, is 404. */
export async function classScope(ctx: DomainContext, ownerId: number, choice: ClassChoice): Promise<ClassScope> {
  const [rows, meetingNow] = await Promise.all([q.listClasses(ctx.db.kysely, { ownerId, archived: false }), classesMeetingNow(ctx, ownerId)]);
  let classId: number | null;
  if (choice === 'all') classId = null;
  else if (choice === undefined) classId = meetingNow[0] ?? null;
  else if (rows.some((row) => row.id === choice)) classId = choice;
  else throw classNotFound();
  const members = classId === null ? null : ((await classMembersNow(ctx, [classId])).get(classId) ?? new Set<number>());
  return { classId, members, classes: choices(rows, meetingNow) };
}

/** The class an unlock is for, when the actor may reach it: its owner, or an administrator; 404 otherwise and when archived. */
export async function activeClassOf(ctx: DomainContext, classId: number, ownerId: number | null): Promise<ClassRow> {
  const row = await q.findClass(ctx.db.kysely, classId);
  if (!row || row.archived_at !== null || (ownerId !== null && row.owner_id !== ownerId)) throw classNotFound();
  return row;
}
