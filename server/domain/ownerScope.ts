import * as q from '../db/queries';
import { invalidParams, notAllowed } from '../errors';
import { isAdmin, type Actor, type DomainContext } from './context';

/**
 * Whose students "all" means in an action for a class (unlock a model for it, print its sign-in
 * cards): a franchise owner's own, never another owner's; an administrator names the franchise owner.
 */
export async function ownerOfWholeClass(ctx: DomainContext, actor: Actor, ownerId: number | undefined): Promise<number> {
  if (isAdmin(actor)) {
    if (ownerId === undefined) throw invalidParams({ ownerId: 'Say whose students: ownerId is required with "all".' });
    if (!(await q.findUserWithRole(ctx.db.kysely, ownerId, 'franchise_owner'))) throw invalidParams({ ownerId: 'ownerId must name a franchise owner.' });
    return ownerId;
  }
  if (ownerId !== undefined && ownerId !== actor.id) throw notAllowed(true);
  return actor.id;
}
