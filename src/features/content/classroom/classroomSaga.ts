import { call, getContext, put, takeEvery, takeLatest } from 'typed-redux-saga';
import { CLASSROOM_PATHS, type ClassUnlockBody, type ClassUnlockResult } from '../../../../contract/classroom';
import { toApiError } from '../../../api/errors';
import { expectRecord } from '../../../api/portalAnswers';
import type { ApiRequest } from '../../../api/transport';
import type { ApiClient } from '../../../api/types';
import { studentsActions } from '../../../entities/students/studentsSlice';
import { classroomActions } from './classroomSlice';

function* unlockForStudents({ payload }: ReturnType<typeof classroomActions.unlockRequested>) {
  const api = yield* getContext<ApiClient>('api');
  const body: ClassUnlockBody = { lessonId: payload.lessonId, students: payload.students };
  try {
    const request: ApiRequest = { method: 'POST', path: CLASSROOM_PATHS.classUnlocks, body, expiry: 'jwt' };
    const answer = yield* call([api, api.request], request);
    yield* put(classroomActions.unlockSucceeded(expectRecord<ClassUnlockResult>(answer)));
  } catch (error) {
    yield* put(classroomActions.unlockFailed({ lessonId: payload.lessonId, error: toApiError(error) }));
  }
}

/** The owner's students into the students entity (the roster's own list loads the same answer). */
function* loadStudents() {
  const api = yield* getContext<ApiClient>('api');
  try {
    yield* put(studentsActions.received(yield* call([api, api.getAllStudents])));
    yield* put(classroomActions.studentsLoaded());
  } catch (error) {
    yield* put(classroomActions.studentsFailed(toApiError(error)));
  }
}

export function* classroomSaga() {
  yield* takeEvery(classroomActions.unlockRequested, unlockForStudents);
  yield* takeLatest(classroomActions.studentsNeeded, loadStudents);
}

