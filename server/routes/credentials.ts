/**
 * A student's sign-in details for the owner, and every user's own password (contract/credentials.ts
 * CREDENTIAL_PATHS). Who may do what comes from the Bearer token alone: 401 anonymous, 403 for a
 * role that may not, 404 for a student that is not the caller's.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CREDENTIAL_PATHS, PASSWORD_RULES, type ChangeMyPasswordResponse, type SignInMailSent } from '../../contract';
import {
  changeOwnPassword,
  checkNewPassword,
  checkPassword,
  resetStudentPassword,
  sendStudentSignInMail,
  studentCredentials,
  wrongCurrentPassword,
} from '../domain/credentials';
import { tooManyAttempts, tooManyMails } from '../errors';
import { secretText } from '../domain/fieldRules';
import { readParams, studentIdParam, type StudentIdRequest } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { answers } from '../http/answers';
import { changeMyPasswordAnswer, signInMailSent, studentCredentials as studentCredentialsAnswer, studentPasswordReset } from './answers/roster';

const noParams = z.strictObject({});

const changePasswordParams = z.strictObject({
  currentPassword: secretText(4096).min(1, 'Must not be empty.'),
  newPassword: secretText(4096).min(1, 'Must not be empty.'),
});

export function credentialRoutes(app: FastifyInstance, s: AppServices): void {
  app.get(CREDENTIAL_PATHS.studentCredentials(':id'), answers(studentCredentialsAnswer), async (request: StudentIdRequest, reply) => {
    const actor = requireActor(request);
    readParams(request, noParams);
    return sendJson(reply, await studentCredentials(s.ctx, actor, studentIdParam(request)));
  });

  app.post(CREDENTIAL_PATHS.studentPassword(':id'), answers(studentPasswordReset), async (request: StudentIdRequest, reply) => {
    const actor = requireActor(request);
    readParams(request, noParams);
    const answer = await resetStudentPassword(s.ctx, actor, studentIdParam(request));
    // The password is in this answer only: no cache may keep it.
    reply.header('cache-control', 'no-store');
    return sendJson(reply, answer);
  });

  app.post(CREDENTIAL_PATHS.studentSignInMail(':id'), answers(signInMailSent), async (request: StudentIdRequest, reply) => {
    const actor = requireActor(request);
    readParams(request, noParams);
    const studentId = studentIdParam(request);
    const attempt = await s.limiters.mailsPerOwner.take(`user:${actor.id}`);
    if (attempt.retryAfter !== null) throw tooManyMails(attempt.retryAfter);
    await sendStudentSignInMail(s.ctx, actor, studentId).catch(async (err: unknown) => {
      await attempt.giveBack();
      throw err;
    });
    const body: SignInMailSent = { sent: true };
    return sendJson(reply, body);
  });

  app.post(CREDENTIAL_PATHS.myPassword, answers(changeMyPasswordAnswer), async (request, reply) => {
    const actor = requireActor(request);
    const p = readParams(request, changePasswordParams);
    checkNewPassword(p.currentPassword, p.newPassword, PASSWORD_RULES);
    // The current password is a guess like a sign-in's: counted by the same limits before it is checked.
    const accountAttempt = await s.limiters.loginPerAccount.take(`user:${actor.id}`);
    if (accountAttempt.retryAfter !== null) {
      // Past the daily limit, slowed as a sign-in from a new browser is (the same slots), not refused all day.
      const wait = await s.limiters.loginSlowdown.pass(`user:${actor.id}`);
      if (wait !== null) throw tooManyAttempts(wait);
    }
    const ipAttempt = await s.limiters.loginPerIp.take(request.ip);
    if (ipAttempt.retryAfter !== null) {
      await accountAttempt.giveBack();
      throw tooManyAttempts(ipAttempt.retryAfter);
    }
    const user = await checkPassword(s.ctx, actor.user, p.currentPassword);
    if (!user) throw wrongCurrentPassword();
    await accountAttempt.giveBack();
    await ipAttempt.giveBack();
    const changedAt = await changeOwnPassword(s.ctx, user, p.newPassword);
    // A card's session stays its card's.
    const body: ChangeMyPasswordResponse = { token: await s.tokens.issue(user.id, changedAt, actor.cardSession) };
    reply.header('cache-control', 'no-store');
    return sendJson(reply, body);
  });
}
