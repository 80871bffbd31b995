/** Changing one's own password (contract/credentials.ts): every other session of the user ends. */
import { CREDENTIAL_PATHS, type ChangeMyPasswordInput, type ChangeMyPasswordResponse } from '../../../contract';
import { unexpectedAnswer } from '../../api/errors';
import { expectRecord, portalCall } from '../../api/portalCall';

/** The fresh token this session goes on with: an answer without one cannot keep it signed in. */
function freshToken(answer: unknown): ChangeMyPasswordResponse {
  const { token } = expectRecord<Partial<Record<keyof ChangeMyPasswordResponse, unknown>>>(answer);
  if (typeof token !== 'string' || token === '') throw unexpectedAnswer();
  return { token };
}

export const changeMyPassword = portalCall((input: ChangeMyPasswordInput) => ({ method: 'POST', path: CREDENTIAL_PATHS.myPassword, body: input }), freshToken);
