import { all, call, getContext, put, select, takeEvery, takeLatest } from 'typed-redux-saga';
import { SIGN_IN_CARD_PATHS, type SignInCardList, type SignInCardsIssueBody, type SignInCardsIssued, type SignInCardVoided } from '../../../contract/signInCards';
import { toApiError } from '../../api/errors';
import { expectRecord } from '../../api/portalAnswers';
import type { ApiRequest } from '../../api/transport';
import type { ApiClient } from '../../api/types';
import { studentsActions } from '../../entities/students/studentsSlice';
import { selectVoid, signInCardsActions } from './signInCardsSlice';

const getApi = () => getContext<ApiClient>('api');
const request = (method: ApiRequest['method'], path: string, body?: object): ApiRequest => ({ method, path, ...(body ? { body } : {}), expiry: 'jwt' });

/** The owner's students (into the students entity) and their cards, at once. */
function* loadList() {
  const api = yield* getApi();
  try {
    const { students, cards } = yield* all({
      students: call([api, api.getAllStudents]),
      cards: call([api, api.request], request('GET', SIGN_IN_CARD_PATHS.cards)),
    });
    yield* put(studentsActions.received(students));
    yield* put(signInCardsActions.listLoaded(expectRecord<SignInCardList>(cards).cards));
  } catch (error) {
    yield* put(signInCardsActions.listFailed(toApiError(error)));
  }
}

function* printCards({ payload }: ReturnType<typeof signInCardsActions.printRequested>) {
  const api = yield* getApi();
  const body: SignInCardsIssueBody = { students: payload.students };
  try {
    const answer = expectRecord<SignInCardsIssued>(yield* call([api, api.request], request('POST', SIGN_IN_CARD_PATHS.cards, body)));
    yield* put(signInCardsActions.printReady(answer.cards.map((c) => ({ id: c.id, studentId: c.studentId, firstName: c.firstName, signInLink: c.link }))));
  } catch (error) {
    yield* put(signInCardsActions.printFailed(toApiError(error)));
    return;
  }
  // The earlier cards are void now: the list says so.
  yield* call(loadList);
}

function* voidCard() {
  const { cardId } = yield* select(selectVoid);
  if (cardId === null) return;
  const api = yield* getApi();
  try {
    const answer = expectRecord<SignInCardVoided>(yield* call([api, api.request], request('DELETE', SIGN_IN_CARD_PATHS.card(cardId))));
    yield* put(signInCardsActions.voided({ cardId, voidedAt: answer.voidedAt }));
  } catch (error) {
    yield* put(signInCardsActions.voidFailed(toApiError(error)));
  }
}

export function* signInCardsSaga() {
  yield* takeLatest(signInCardsActions.opened, loadList);
  yield* takeLatest(signInCardsActions.printRequested, printCards);
  yield* takeEvery(signInCardsActions.voidConfirmed, voidCard);
}

