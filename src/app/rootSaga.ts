import { all, fork } from 'typed-redux-saga';
import { authSaga } from '../features/auth/authSaga';
import { contentSaga } from '../features/content/contentSaga';
import { rosterSaga } from '../features/roster/rosterSaga';
import { termsSaga } from '../features/terms/termsSaga';

export function* rootSaga() {
  yield* all([fork(authSaga), fork(termsSaga), fork(rosterSaga), fork(contentSaga)]);
}
