/**
 * The owner's family settings (contract/family.ts): her summary frequency, one family's language,
 * and the erasure requests waiting. Ordinary routes: a parent's token is refused here as everywhere.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FAMILY_LANGUAGES, FAMILY_PATHS } from '../../contract';
import { email, id } from '../domain/fieldRules';
import { changeFamilyLanguage, changeOwnerFamilySettings, familyLanguageFor, ownerFamilySettings, waitingErasureRequests } from '../domain/familyOwners';
import { answers } from '../http/answers';
import { readParams } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { familyErasureRequestsAnswer, familyLanguageAnswer, familyOwnerSettingsAnswer } from './answers/family';

const language = z.enum(FAMILY_LANGUAGES, { error: `Must be one of ${FAMILY_LANGUAGES.join(', ')}.` });
const ownerParams = z.strictObject({ owner: id().optional() });
const frequencyParams = z.strictObject({ owner: id().optional(), ownerId: id().optional(), frequency: z.enum(['monthly', 'weekly'], { error: 'Must be monthly or weekly.' }) });
const languageQuery = z.strictObject({ owner: id().optional(), parentEmail: email() });
const languageParams = languageQuery.extend({ language });

export function familyOwnerRoutes(app: FastifyInstance, s: AppServices): void {
  app.get(FAMILY_PATHS.ownerSettings, answers(familyOwnerSettingsAnswer), async (request, reply) => {
    const actor = requireActor(request);
    const p = readParams(request, ownerParams);
    return sendJson(reply, await ownerFamilySettings(s.ctx, actor, p.owner));
  });

  app.put(FAMILY_PATHS.ownerSettings, answers(familyOwnerSettingsAnswer), async (request, reply) => {
    const actor = requireActor(request);
    const p = readParams(request, frequencyParams);
    return sendJson(reply, await changeOwnerFamilySettings(s.ctx, actor, p.ownerId ?? p.owner, p.frequency));
  });

  app.get(FAMILY_PATHS.familyLanguage, answers(familyLanguageAnswer), async (request, reply) => {
    const actor = requireActor(request);
    const p = readParams(request, languageQuery);
    return sendJson(reply.header('cache-control', 'no-store'), await familyLanguageFor(s.ctx, actor, p.owner, p.parentEmail));
  });

  app.put(FAMILY_PATHS.familyLanguage, answers(familyLanguageAnswer), async (request, reply) => {
    const actor = requireActor(request);
    const p = readParams(request, languageParams);
    return sendJson(reply.header('cache-control', 'no-store'), await changeFamilyLanguage(s.ctx, actor, p.owner, p.parentEmail, p.language));
  });

  app.get(FAMILY_PATHS.erasureRequests, answers(familyErasureRequestsAnswer), async (request, reply) => {
    const actor = requireActor(request);
    const p = readParams(request, ownerParams);
    return sendJson(reply.header('cache-control', 'no-store'), await waitingErasureRequests(s.ctx, actor, p.owner));
  });
}
