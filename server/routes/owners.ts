/**
 * The office's franchise owners: the owners list's totals, one owner's record, editing, deactivating
 * and re-activating her (contract/owners.ts OWNER_PATHS). Administrators only, decided from the
 * Bearer token alone before anything is read (domain/owners.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OWNER_PATHS, type OwnerDeactivateBody } from '../../contract';
import { deactivateOwner, editOwner, getOwner, ownerTotals, reactivateOwner, type OwnerEditColumns } from '../domain/owners';
import { invalidParams } from '../errors';
import { email, id, text } from '../domain/fieldRules';
import { readParams, studentIdParam, type StudentIdRequest } from '../http/params';
import { sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { answers } from '../http/answers';
import { staff } from './rosterEdit';
import { ownerRecord, ownerTotals as ownerTotalsAnswer } from './answers/owners';

const noParams = z.strictObject({});

/** The rules of adding an owner (wl create_franchise_owner), each optional: only what is sent changes. */
const editParams = z.strictObject({
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  email: email().optional(),
  country: text(100).optional(),
  state: text(100).optional(),
  territory: text(100).optional(),
});

const deactivateParams = z.discriminatedUnion(
  'students',
  [z.strictObject({ students: z.literal('keep') }), z.strictObject({ students: z.literal('hand_over'), toOwnerId: id() })],
  { error: "Must be 'keep' or 'hand_over' (with toOwnerId)." },
) satisfies z.ZodType<OwnerDeactivateBody>;

/** Administrators only: owners and students 403, anonymous callers 401, as moving a student. */
const office = (request: FastifyRequest) => staff(request, true);

function toColumns(p: z.output<typeof editParams>): OwnerEditColumns {
  const edit: OwnerEditColumns = { first_name: p.firstName, last_name: p.lastName, email: p.email, country: p.country, state: p.state, territory: p.territory };
  for (const key of Object.keys(edit) as (keyof OwnerEditColumns)[]) if (edit[key] === undefined) delete edit[key];
  return edit;
}

export function ownerRoutes(app: FastifyInstance, s: AppServices): void {
  const owner = OWNER_PATHS.owner(':id');

  app.get(OWNER_PATHS.totals, answers(z.array(ownerTotalsAnswer)), async (request, reply) => {
    const actor = office(request);
    readParams(request, noParams);
    return sendJson(reply, await ownerTotals(s.ctx, actor));
  });

  app.get(owner, answers(ownerRecord), async (request: StudentIdRequest, reply) => {
    const actor = office(request);
    readParams(request, noParams);
    return sendJson(reply, await getOwner(s.ctx, actor, studentIdParam(request)));
  });

  app.patch(owner, answers(ownerRecord), async (request: StudentIdRequest, reply) => {
    const actor = office(request);
    const edit = toColumns(readParams(request, editParams));
    if (Object.keys(edit).length === 0) throw invalidParams({ body: 'Send at least one field to change.' });
    return sendJson(reply, await editOwner(s.ctx, actor, studentIdParam(request), edit));
  });

  app.post(OWNER_PATHS.deactivate(':id'), answers(ownerRecord), async (request: StudentIdRequest, reply) => {
    const actor = office(request);
    const p = readParams(request, deactivateParams);
    return sendJson(reply, await deactivateOwner(s.ctx, actor, studentIdParam(request), p));
  });

  app.post(OWNER_PATHS.reactivate(':id'), answers(ownerRecord), async (request: StudentIdRequest, reply) => {
    const actor = office(request);
    readParams(request, noParams);
    return sendJson(reply, await reactivateOwner(s.ctx, actor, studentIdParam(request)));
  });
}
