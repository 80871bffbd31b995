/** Sign-in cards (contract/signInCards.ts): owners print and void them; a card's token signs its child in. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ACCOUNT_ENDED_CODE, ACCOUNT_ENDED_MESSAGE, CARD_TOKEN_PATTERN, MAX_CARDS_PER_REQUEST, SIGN_IN_CARD_PATHS } from '../../contract';
import { cardInvalid, issueSignInCards, listSignInCards, noSuchCard, recordCardSignIn, studentForCard, voidCard } from '../domain/signInCards';
import { ApiError, tooManyAttempts } from '../errors';
import { MAX_ID, id, secretText } from '../domain/fieldRules';
import { readParams } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import { siteOrigin, type AppServices } from '../http/services';
import { tokenAnswer } from './jwtAuth';
import { answers } from '../http/answers';
import { signInCardList, signInCardsIssued, signInCardVoided } from './answers/roster';
import { tokenAnswer as tokenAnswerSchema } from './answers/wire';

const issueBody = z.strictObject({
  students: z.union([z.literal('all'), z.array(id()).min(1, 'Choose at least one student.').max(MAX_CARDS_PER_REQUEST, `Choose at most ${MAX_CARDS_PER_REQUEST} students.`)], {
    error: 'Must be "all" or a list of student ids.',
  }),
  ownerId: id().optional(),
});

const listParams = z.strictObject({ owner: id().optional() });
const noParams = z.strictObject({});
const cardSignInBody = z.strictObject({ token: secretText(200) });

export function signInCardRoutes(app: FastifyInstance, s: AppServices): void {
  app.post(SIGN_IN_CARD_PATHS.cards, answers(signInCardsIssued), async (request, reply) => {
    const actor = requireActor(request);
    const body = readParams(request, issueBody);
    return sendJson(reply, await issueSignInCards(s.ctx, actor, body, siteOrigin(request, s.config)));
  });

  app.get(SIGN_IN_CARD_PATHS.cards, answers(signInCardList), async (request, reply) => {
    const actor = requireActor(request);
    const { owner } = readParams(request, listParams);
    return sendJson(reply, await listSignInCards(s.ctx, actor, owner));
  });

  app.delete(SIGN_IN_CARD_PATHS.card(':id'), answers(signInCardVoided), async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const actor = requireActor(request);
    readParams(request, noParams);
    const raw = request.params.id;
    // As the student routes do: a malformed id names no card.
    if (!/^\d{1,10}$/.test(raw) || Number(raw) > MAX_ID || Number(raw) < 1) throw noSuchCard();
    return sendJson(reply, await voidCard(s.ctx, actor, Number(raw)));
  });

  app.post(SIGN_IN_CARD_PATHS.cardSignIn, answers(tokenAnswerSchema), async (request, reply) => {
    const { token } = readParams(request, cardSignInBody);
    // Counted with the password sign-in's per-address limit (the same rows in the database), so a
    // card cannot be guessed faster than a password; a card that signs in gives its count back.
    const attempt = await s.limiters.loginPerIp.take(request.ip);
    if (attempt.retryAfter !== null) throw tooManyAttempts(attempt.retryAfter);
    if (!CARD_TOKEN_PATTERN.test(token)) throw cardInvalid();
    const found = await studentForCard(s.ctx, token);
    if ('ended' in found) throw new ApiError(403, ACCOUNT_ENDED_CODE, ACCOUNT_ENDED_MESSAGE);
    await attempt.giveBack();
    const session = await recordCardSignIn(s.ctx, found.user.id, found.cardId, s.config.sharedDeviceIdleMinutes);
    return sendJson(reply, await tokenAnswer(s, found.user, session));
  });
}
