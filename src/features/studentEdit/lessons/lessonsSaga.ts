/** A student's lessons load when their page opens; a renewal goes to the server, and its figures to the lists and the details. */
import { all, call, put, takeEvery, takeLeading } from 'typed-redux-saga';
import type { StudentLessons } from '../../../../contract/lessons';
import { toApiError } from '../../../api/errors';
import { selectStudentById } from '../../../entities/students/studentsSelectors';
import { studentsActions } from '../../../entities/students/studentsSlice';
import { selectFromStore } from '../../../shared/storeHooks';
import { getStudent } from '../api';
import { editActions } from '../editSlice';
import { getStudentLessons, renewStudent } from './lessonsApi';
import { lessonsActions } from './lessonsSlice';

function* loadLessons(action: ReturnType<typeof lessonsActions.opened>) {
  try {
    yield* put(lessonsActions.loaded({ lessons: yield* call(getStudentLessons, action.payload.id) }));
  } catch (err) {
    yield* put(lessonsActions.loadFailed({ id: action.payload.id, error: toApiError(err) }));
  }
}

/** The lists read the students entity: their Lessons, End Date and Lessons left change at once. */
function* showInLists(lessons: StudentLessons) {
  const student = yield* selectFromStore((state) => selectStudentById(state, lessons.studentId));
  if (!student) return;
  yield* put(studentsActions.added({ ...student, numberOfLessons: lessons.total, endDate: lessons.endDate, lessonsUsed: lessons.used, lessonsLeft: lessons.left }));
}

/** The Details section shows the record's lessons and end date: it reads them again. */
function* refreshDetails(id: number) {
  try {
    yield* put(editActions.studentLoaded({ record: yield* call(getStudent, id) }));
  } catch {
    // the details keep what they showed; the next visit reads them afresh
  }
}

function* renew(action: ReturnType<typeof lessonsActions.renewRequested>) {
  const { id, input } = action.payload;
  let lessons: StudentLessons;
  try {
    lessons = yield* call(renewStudent, id, input);
  } catch (err) {
    yield* put(lessonsActions.renewFailed({ id, error: toApiError(err) }));
    return;
  }
  yield* put(lessonsActions.renewSucceeded({ lessons }));
  yield* call(showInLists, lessons);
  yield* call(refreshDetails, id);
}

export function* studentLessonsSaga() {
  yield* all([takeEvery(lessonsActions.opened, loadLessons), takeLeading(lessonsActions.renewRequested, renew)]);
}
