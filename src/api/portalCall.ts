/**
 * The portal backend's own routes (yo/v1, the sign-in card's, the reports'): their answers are the
 * contract's types as they are (contract/*.ts), so only their outline is checked, here and nowhere
 * else. The WordPress wire (wp/v2, jwt-auth, wl/v1), with its legacy names, goes through the
 * ApiClient's methods and their mappers instead (createApiClient.ts).
 *
 * Each feature declares its calls in its own api.ts:
 *
 *   export const voidCard = portalCall((cardId: number) => ({ method: 'DELETE', path: SIGN_IN_CARD_PATHS.card(cardId) }), expectRecord<SignInCardVoided>);
 *
 * and its saga makes one with `const answer = yield* call(voidCard, cardId)`: the client is the
 * saga context's, the answer is checked, and a failure is a plain ApiError.
 */
import { call, getContext } from 'typed-redux-saga';
import { unexpectedAnswer } from './errors';
import { isObj } from './mappers';
import type { ApiRequest, ExpiryRule } from './transport';
import type { ApiClient } from './types';
import type { XhrRequest } from './xhrRequest';

/** Reads an answer into what the app keeps, or throws an 'unexpected_answer' ApiError. */
export type AnswerCheck<T> = (answer: unknown) => T;

/** A call as a feature describes it: with the session's token unless it says otherwise. */
export type PortalRequest = Omit<ApiRequest, 'expiry' | 'stream'> & { expiry?: ExpiryRule };

const withExpiry = (request: PortalRequest): ApiRequest => ({ expiry: 'jwt', ...request });

/** An object, in the contract's shape. */
export function expectRecord<T>(answer: unknown): T {
  if (!isObj(answer)) throw unexpectedAnswer();
  return answer as T;
}

/** A list, in the contract's shape. */
export function expectList<T>(answer: unknown): T[] {
  if (!Array.isArray(answer)) throw unexpectedAnswer();
  return answer as T[];
}

/** An answer that is not read (a 2xx is all the call needs). */
export const ignoreAnswer: AnswerCheck<void> = () => undefined;

/** An answer read by a mapper (a route that answers in WordPress's words): a record it cannot read is an unexpected answer. */
export function readWith<T>(mapper: (answer: never) => T): AnswerCheck<T> {
  return (answer) => {
    try {
      return mapper(answer as never);
    } catch {
      throw unexpectedAnswer();
    }
  };
}

/**
 * Declares one call of the portal backend: what to send for the arguments, and how to read the
 * answer. A saga makes it with `yield* call(theCall, ...args)`; code outside a saga (a channel, a
 * test against the real backend) with `theCall.send(api, ...args)`.
 */
export function portalCall<Args extends unknown[], Answer>(describe: (...args: Args) => PortalRequest, check: AnswerCheck<Answer>) {
  const send = (api: ApiClient, ...args: Args): Promise<Answer> => api.request(withExpiry(describe(...args))).then(check);
  function* callPortal(...args: Args) {
    const api = yield* getContext<ApiClient>('api');
    const answer: unknown = yield* call([api, api.request], withExpiry(describe(...args)));
    return check(answer);
  }
  return Object.assign(callPortal, { send });
}

/** The same call made outside a saga (a worker, a channel): the client is given. */
export function sendPortal<Answer>(api: ApiClient, request: PortalRequest, check: AnswerCheck<Answer>): Promise<Answer> {
  return api.request(withExpiry(request)).then(check);
}

/** An upload (a FormData body) that reports its progress; the answer read by `check`. */
export function sendUpload<Answer>(api: ApiClient, request: XhrRequest, check: AnswerCheck<Answer>): Promise<Answer> {
  return api.upload(request).then(check);
}

/** A text/event-stream of the portal backend: the response's body, read as it arrives until `signal` aborts. */
export interface StreamReader {
  read(): Promise<{ done: boolean; value?: Uint8Array | string }>;
}
export async function openStream(api: ApiClient, path: string, signal: AbortSignal): Promise<StreamReader> {
  const body = (await api.request({ method: 'GET', path, expiry: 'jwt', stream: signal })) as { getReader(): StreamReader };
  return body.getReader();
}

/** A list, or none where the answer is not one (a place that may simply not be kept yet). */
export const listOrNone = <T>(answer: unknown): T[] => (Array.isArray(answer) ? (answer as T[]) : []);
