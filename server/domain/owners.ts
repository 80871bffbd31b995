/**
 * The office managing its franchise owners (contract/owners.ts): each owner's totals, her record,
 * editing her details, deactivating her (her students kept, or handed over to another owner in the
 * same transaction) and re-activating her. Administrators only; every change is audited in the
 * transaction that makes it. A deactivated owner's every token is refused at once, on every
 * instance: http/auth.ts reads her account on each request.
 */
import type { OwnerDeactivateBody, OwnerRecord, OwnerTotals } from '../../contract';
import * as q from '../db/queries';
import type { UserRow } from '../db/schema';
import { invalidParams, invalidUserId, notAllowed } from '../errors';
import { changedFields, recordAudit } from './audit';
import { isAdmin, type Actor, type DomainContext } from './context';
import { moveStudentWithin } from './rosterEdit';
import { alreadyExists } from './users';

/** The calendar month in UTC up to now: what "this month" means in the owners list. */
export function monthSoFar(now: Date): q.MonthSoFar {
  const nowUtc = now.toISOString();
  return { fromUtc: `${nowUtc.slice(0, 7)}-01T00:00:00.000Z`, nowUtc };
}

const NO_FIGURES: q.OwnerFigures = { students: 0, activeStudentsThisMonth: 0, meetingsThisMonth: 0 };

function toTotals(owner: UserRow, figures: q.OwnerFigures | undefined): OwnerTotals {
  return { ownerId: owner.id, status: owner.sign_in_disabled_at === null ? 'active' : 'deactivated', ...(figures ?? NO_FIGURES) };
}

function toRecord(owner: UserRow, figures: q.OwnerFigures | undefined): OwnerRecord {
  return {
    ...toTotals(owner, figures),
    username: owner.username,
    firstName: owner.first_name,
    lastName: owner.last_name,
    email: owner.email,
    country: owner.country,
    state: owner.state,
    territory: owner.territory,
    deactivatedAt: owner.sign_in_disabled_at,
  };
}

function adminOnly(actor: Actor): void {
  if (!isAdmin(actor)) throw notAllowed(true);
}

/** The franchise owner with this id, or 404 as for an unknown user. */
async function findOwner(db: q.Executor, id: number): Promise<UserRow> {
  const owner = await q.findUserWithRole(db, id, 'franchise_owner');
  if (!owner) throw invalidUserId();
  return owner;
}

async function recordOf(db: q.Executor, owner: UserRow, now: Date): Promise<OwnerRecord> {
  return toRecord(owner, (await q.ownerFigures(db, monthSoFar(now), [owner.id])).get(owner.id));
}

/** Every franchise owner's totals, by owner id: three grouped queries whatever the number of owners. */
export async function ownerTotals(ctx: DomainContext, actor: Actor): Promise<OwnerTotals[]> {
  adminOnly(actor);
  const db = ctx.db.kysely;
  const owners = await q.listFranchiseOwners(db);
  const figures = await q.ownerFigures(db, monthSoFar(ctx.clock()));
  return owners.map((owner) => toTotals(owner, figures.get(owner.id)));
}

export async function getOwner(ctx: DomainContext, actor: Actor, id: number): Promise<OwnerRecord> {
  adminOnly(actor);
  const db = ctx.db.kysely;
  return recordOf(db, await findOwner(db, id), ctx.clock());
}

/** The account columns an edit may change (trimmed and checked by the route). */
export type OwnerEditColumns = Partial<Pick<UserRow, 'first_name' | 'last_name' | 'email' | 'country' | 'state' | 'territory'>>;

/** Runs a change on the owner in one transaction and answers her record as it then is. */
function changeOwner(ctx: DomainContext, actor: Actor, id: number, change: (trx: q.Executor, owner: UserRow, now: Date) => Promise<void>): Promise<OwnerRecord> {
  adminOnly(actor);
  const now = ctx.clock();
  return q.inTransaction(ctx.db, async (trx) => {
    await change(trx, await findOwner(trx, id), now);
    return recordOf(trx, await findOwner(trx, id), now);
  });
}

/** Only the fields sent change; the display name follows the names; the e-mail stays unique among all accounts. */
export async function editOwner(ctx: DomainContext, actor: Actor, id: number, edit: OwnerEditColumns): Promise<OwnerRecord> {
  try {
    return await changeOwner(ctx, actor, id, async (trx, owner, now) => {
      const { before, after } = changedFields(owner, edit);
      if (Object.keys(after).length === 0) return;
      if (after.email !== undefined) {
        const holder = await q.findUserByEmail(trx, after.email);
        if (holder && holder.id !== id) throw alreadyExists('email');
      }
      const names = after.first_name !== undefined || after.last_name !== undefined ? { display_name: `${after.first_name ?? owner.first_name} ${after.last_name ?? owner.last_name}` } : {};
      await q.updateUser(trx, id, { ...after, ...names });
      await recordAudit(trx, actor, { action: 'owner.edit', subjectType: 'user', subjectId: id, ownerId: id, before, after }, now);
    });
  } catch (err) {
    // The same e-mail saved for another account at the same moment.
    if (q.isUniqueViolation(err)) throw alreadyExists('email');
    throw err;
  }
}

/**
 * Sign-in disabled (every token of hers refused from the next request on). With 'hand_over' each of
 * her students whose record is kept goes to `toOwnerId`, each move audited as a student's move, in
 * the same transaction. Deactivating her again: 'keep' changes nothing; 'hand_over' hands over the
 * students she still has (the office kept them, then decided).
 */
export function deactivateOwner(ctx: DomainContext, actor: Actor, id: number, body: OwnerDeactivateBody): Promise<OwnerRecord> {
  return changeOwner(ctx, actor, id, async (trx, owner, now) => {
    const target = body.students === 'hand_over' ? await handOverTarget(trx, owner, body.toOwnerId) : null;
    const wasActive = owner.sign_in_disabled_at === null;
    let moved = 0;
    if (target) {
      const students = (await q.listStudents(trx, { teacherId: id })).filter((student) => student.erased_at === null);
      const accounts = new Map((await q.listUsers(trx, { ownerId: id })).map((user) => [user.id, user]));
      for (const student of students) {
        const user = accounts.get(student.user_id);
        if (!user) continue;
        await moveStudentWithin(trx, actor, { student, user }, target, now);
        moved += 1;
      }
    }
    if (!wasActive && moved === 0) return;
    if (wasActive) await q.updateUser(trx, id, { sign_in_disabled_at: now.toISOString() });
    const before = wasActive ? { sign_in_disabled: false } : {};
    const after = { ...(wasActive ? { sign_in_disabled: true } : {}), students: body.students, ...(target ? { to_owner_id: target.id } : {}) };
    await recordAudit(trx, actor, { action: 'owner.deactivate', subjectType: 'user', subjectId: id, ownerId: id, before, after }, now);
  });
}

/** The owner her students go to: an active franchise owner other than her, else 400 naming toOwnerId. */
async function handOverTarget(trx: q.Executor, owner: UserRow, toOwnerId: number): Promise<UserRow> {
  const target = await q.findUserWithRole(trx, toOwnerId, 'franchise_owner');
  if (!target) throw invalidParams({ toOwnerId: 'Must name a franchise owner.' });
  if (target.id === owner.id) throw invalidParams({ toOwnerId: 'Must name another franchise owner than the one deactivated.' });
  if (target.sign_in_disabled_at !== null) throw invalidParams({ toOwnerId: 'This franchise owner has been deactivated.' });
  return target;
}

/** Sign-in enabled again; the sessions from before stay ended (she signs in anew). Re-activating an active owner changes nothing. */
export function reactivateOwner(ctx: DomainContext, actor: Actor, id: number): Promise<OwnerRecord> {
  return changeOwner(ctx, actor, id, async (trx, owner, now) => {
    if (owner.sign_in_disabled_at === null) return;
    await q.updateUser(trx, id, { sign_in_disabled_at: null, sessions_ended_at: now.toISOString() });
    await recordAudit(trx, actor, { action: 'owner.reactivate', subjectType: 'user', subjectId: id, ownerId: id, before: { sign_in_disabled: true }, after: { sign_in_disabled: false } }, now);
  });
}
