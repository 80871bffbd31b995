import { all, call, getContext, put, select, takeEvery, takeLatest } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import type { ApiClient } from '../../api/types';
import { getCards, issueCards, voidCard } from './api';
import { studentsActions } from '../../entities/students/studentsSlice';
import { selectVoid, signInCardsActions } from './signInCardsSlice';

const getApi = () => getContext<ApiClient>('api');

/** The owner's students (into the students entity) and their cards, at once. */
function* loadList() {
  const api = yield* getApi();
  try {
    const { students, cards } = yield* all({
      students: call([api, api.getAllStudents]),
      cards: call(getCards),
    });
    yield* put(studentsActions.received(students));
    yield* put(signInCardsActions.listLoaded(cards.cards));
  } catch (error) {
    yield* put(signInCardsActions.listFailed(toApiError(error)));
  }
}

function* printCards({ payload }: ReturnType<typeof signInCardsActions.printRequested>) {
  try {
    const answer = yield* call(issueCards, { students: payload.students });
    yield* put(signInCardsActions.printReady(answer.cards.map((c) => ({ id: c.id, studentId: c.studentId, firstName: c.firstName, signInLink: c.link }))));
  } catch (error) {
    yield* put(signInCardsActions.printFailed(toApiError(error)));
    return;
  }
  // The earlier cards are void now: the list says so.
  yield* call(loadList);
}

function* onVoidConfirmed() {
  const { cardId } = yield* select(selectVoid);
  if (cardId === null) return;
  try {
    const answer = yield* call(voidCard, cardId);
    yield* put(signInCardsActions.voided({ cardId, voidedAt: answer.voidedAt }));
  } catch (error) {
    yield* put(signInCardsActions.voidFailed(toApiError(error)));
  }
}

export function* signInCardsSaga() {
  yield* takeLatest(signInCardsActions.opened, loadList);
  yield* takeLatest(signInCardsActions.printRequested, printCards);
  yield* takeEvery(signInCardsActions.voidConfirmed, onVoidConfirmed);
}

