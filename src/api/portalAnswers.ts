import { unexpectedAnswer } from './errors';
import { isObj } from './mappers';

/** The portal backend's answers are already the app's shapes (contract/*.ts): only their outline is checked. */
export function expectRecord<T>(answer: unknown): T {
  if (!isObj(answer)) throw unexpectedAnswer();
  return answer as T;
}
