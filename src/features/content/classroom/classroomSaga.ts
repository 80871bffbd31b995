import { call, getContext, put, takeEvery, takeLatest } from 'typed-redux-saga';
import { toApiError } from '../../../api/errors';
import type { ApiClient } from '../../../api/types';
import { studentsActions } from '../../../entities/students/studentsSlice';
import { getClassChoices, unlockForClass } from '../api';
import { classroomActions } from './classroomSlice';

function* unlockForStudents({ payload }: ReturnType<typeof classroomActions.unlockRequested>) {
  try {
    const result = yield* call(unlockForClass, { lessonId: payload.lessonId, students: payload.students, ...(payload.classId !== undefined ? { classId: payload.classId } : {}) });
    yield* put(classroomActions.unlockSucceeded(result));
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

function* loadClasses() {
  try {
    yield* put(classroomActions.classesLoaded((yield* call(getClassChoices)).classes ?? []));
  } catch {
    yield* put(classroomActions.classesFailed());
  }
}

export function* classroomSaga() {
  yield* takeLatest(classroomActions.classesNeeded, loadClasses);
  yield* takeEvery(classroomActions.unlockRequested, unlockForStudents);
  yield* takeLatest(classroomActions.studentsNeeded, loadStudents);
}

