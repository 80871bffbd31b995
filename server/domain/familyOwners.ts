/**
 * The owner's side of families (contract/family.ts): her summary frequency, one family's language,
 * and the erasure requests waiting for her. An owner acts for her own families; an administrator
 * names the owner (?owner=ID), and reads every owner's erasure requests without one.
 */
import type { FamilyErasureRequest, FamilyLanguage, FamilyLanguageSetting, FamilyOwnerSettings, SummaryFrequency } from '../../contract';
import * as q from '../db/queries';
import { ApiError, invalidParams, notAllowed } from '../errors';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';
import { ensureFamilySettings, normalEmail, setFamilyLanguage, setSummaryFrequency, summaryFrequencyOf } from './familySettings';

function noSuchFamily(): ApiError {
  return new ApiError(404, 'family_not_found', 'None of your students has this parent e-mail.');
}

/** The owner the caller acts for: herself (naming another owner is 403), or the one an administrator names. */
async function ownerFor(ctx: DomainContext, actor: Actor, named: number | undefined): Promise<number> {
  if (isOwner(actor)) {
    if (named !== undefined && named !== actor.id) throw notAllowed(true);
    return actor.id;
  }
  if (!isAdmin(actor)) throw notAllowed(true);
  if (named === undefined) throw invalidParams({ owner: 'Missing parameter: name the franchise owner.' });
  const owner = await q.findUserById(ctx.db.kysely, named);
  if (owner?.role !== 'franchise_owner') throw invalidParams({ owner: 'Not a franchise owner.' });
  return owner.id;
}

export async function ownerFamilySettings(ctx: DomainContext, actor: Actor, named?: number): Promise<FamilyOwnerSettings> {
  const ownerId = await ownerFor(ctx, actor, named);
  return { ownerId, frequency: await summaryFrequencyOf(ctx.db.kysely, ownerId) };
}

export async function changeOwnerFamilySettings(ctx: DomainContext, actor: Actor, named: number | undefined, frequency: SummaryFrequency): Promise<FamilyOwnerSettings> {
  const ownerId = await ownerFor(ctx, actor, named);
  await setSummaryFrequency(ctx.db.kysely, ownerId, frequency, ctx.clock());
  return { ownerId, frequency };
}

/** The family's row, when the owner has a child (not erased) with that parent e-mail; 404 otherwise. */
async function ownersFamily(ctx: DomainContext, ownerId: number, parentEmail: string) {
  const email = normalEmail(parentEmail);
  if ((await q.childrenOfEmail(ctx.db.kysely, email, ownerId)).length === 0) throw noSuchFamily();
  return ensureFamilySettings(ctx.db.kysely, ownerId, email, ctx.clock());
}

export async function familyLanguageFor(ctx: DomainContext, actor: Actor, named: number | undefined, parentEmail: string): Promise<FamilyLanguageSetting> {
  const row = await ownersFamily(ctx, await ownerFor(ctx, actor, named), parentEmail);
  return { parentEmail: row.parent_email, language: row.language };
}

export async function changeFamilyLanguage(ctx: DomainContext, actor: Actor, named: number | undefined, parentEmail: string, language: FamilyLanguage): Promise<FamilyLanguageSetting> {
  const ownerId = await ownerFor(ctx, actor, named);
  const row = await ownersFamily(ctx, ownerId, parentEmail);
  await setFamilyLanguage(ctx.db.kysely, { ownerId, email: row.parent_email }, language, ctx.clock());
  return { parentEmail: row.parent_email, language };
}

/** The requests still waiting: the owner's own; an administrator's every owner's, or one's. */
export async function waitingErasureRequests(ctx: DomainContext, actor: Actor, named?: number): Promise<FamilyErasureRequest[]> {
  const ownerId = isAdmin(actor) && named === undefined ? undefined : await ownerFor(ctx, actor, named);
  const rows = await q.listWaitingErasureRequests(ctx.db.kysely, ownerId);
  return rows.map((r) => ({ studentId: r.student_id, firstName: r.student_first_name, lastName: r.student_last_name, requestedAt: r.requested_at }));
}
