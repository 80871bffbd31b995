/** The office's franchise owners: each owner's figures for the owners list, each figure one grouped query. */
import type { UserRow } from '../schema';
import type { Executor } from './executor';

/** Every franchise owner's account, by id. */
export function listFranchiseOwners(db: Executor, ids?: readonly number[]): Promise<UserRow[]> {
  let q = db.selectFrom('users').selectAll().where('role', '=', 'franchise_owner');
  if (ids !== undefined) q = q.where('id', 'in', ids.length > 0 ? ids : [0]);
  return q.orderBy('id').execute();
}

export interface OwnerFigures {
  students: number;
  activeStudentsThisMonth: number;
  meetingsThisMonth: number;
}

/** ISO 8601 UTC bounds: from the first instant of the month up to and including now. */
export interface MonthSoFar {
  fromUtc: string;
  nowUtc: string;
}

/** The figures by owner id (an owner with none of them is absent), optionally of some owners only. */
export async function ownerFigures(db: Executor, month: MonthSoFar, ownerIds?: readonly number[]): Promise<Map<number, OwnerFigures>> {
  const only = ownerIds === undefined ? undefined : ownerIds.length > 0 ? ownerIds : [0];
  let students = db
    .selectFrom('students')
    .select((eb) => ['teacher_id as owner_id', eb.fn.countAll<number | string>().as('n')])
    .where('erased_at', 'is', null)
    .groupBy('teacher_id');
  // A student moved a step this month: her progress row was saved in it (erased children are no one's).
  let active = db
    .selectFrom('student_progress as p')
    .innerJoin('students as s', 's.user_id', 'p.user_id')
    .select((eb) => ['s.teacher_id as owner_id', eb.fn.count<number | string>('p.user_id').distinct().as('n')])
    .where('s.erased_at', 'is', null)
    .where('p.updated_at', '>=', month.fromUtc)
    .where('p.updated_at', '<=', month.nowUtc)
    .groupBy('s.teacher_id');
  let meetings = db
    .selectFrom('class_meetings as m')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .select((eb) => ['c.owner_id as owner_id', eb.fn.countAll<number | string>().as('n')])
    .where('m.status', '=', 'scheduled')
    .where('m.starts_at_utc', '>=', month.fromUtc)
    .where('m.starts_at_utc', '<=', month.nowUtc)
    .groupBy('c.owner_id');
  if (only !== undefined) {
    students = students.where('teacher_id', 'in', only);
    active = active.where('s.teacher_id', 'in', only);
    meetings = meetings.where('c.owner_id', 'in', only);
  }
  const studentRows = await students.execute();
  const activeRows = await active.execute();
  const meetingRows = await meetings.execute();
  const figures = new Map<number, OwnerFigures>();
  const of = (ownerId: number | string): OwnerFigures => {
    const id = Number(ownerId);
    let entry = figures.get(id);
    if (!entry) {
      entry = { students: 0, activeStudentsThisMonth: 0, meetingsThisMonth: 0 };
      figures.set(id, entry);
    }
    return entry;
  };
  for (const row of studentRows) of(row.owner_id).students = Number(row.n);
  for (const row of activeRows) of(row.owner_id).activeStudentsThisMonth = Number(row.n);
  for (const row of meetingRows) of(row.owner_id).meetingsThisMonth = Number(row.n);
  return figures;
}
