/** Families' test helpers: a parent's sign-in through the outbox, as the parent does it. */
import { FAMILY_PATHS, type FamilySession } from '../../../contract';
import type { TestServer } from '../harness';

/** The secret of the newest sign-in link mailed to `to`. */
export async function linkSecret(s: TestServer, to: string): Promise<string> {
  const mails = (await s.mails()).filter((m) => m.to === to && m.text.includes('/family/sign-in#'));
  const secret = /\/family\/sign-in#([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!secret) throw new Error('no sign-in link mailed');
  return secret;
}

/** A parent asks for a link and signs in with it: the session's answer. */
export async function signInParent(s: TestServer, email: string): Promise<FamilySession> {
  expect((await s.post(FAMILY_PATHS.signInLink, { email })).status).toBe(200);
  const answer = await s.post(FAMILY_PATHS.session, { secret: await linkSecret(s, email) });
  expect(answer.status).toBe(200);
  return answer.body as FamilySession;
}

