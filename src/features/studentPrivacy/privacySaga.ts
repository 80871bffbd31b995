/** A child's data: fetch it for a download or the readable copy, and erase it. */
import { saveAs } from 'file-saver';
import { call, put, takeLeading } from 'typed-redux-saga';
import type { StudentDataExport } from '../../../contract/privacy';
import { ERASED_STUDENT_FIRST_NAME, ERASED_STUDENT_LAST_NAME } from '../../../contract/privacy';
import { toApiError } from '../../api/errors';
import { selectStudentById } from '../../entities/students/studentsSelectors';
import { studentsActions } from '../../entities/students/studentsSlice';
import { selectFromStore } from '../../shared/storeHooks';
import { eraseStudent, getStudentData } from './api';
import { privacyActions } from './privacySlice';

type WithStudent = { payload: { studentId: number } };

export function saveJson(data: StudentDataExport, fileName: string): void {
  saveAs(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
}

function* download({ payload: { studentId } }: WithStudent) {
  try {
    const data = yield* call(getStudentData, studentId);
    yield* call(saveJson, data, `student-${studentId}-data.json`);
    yield* put(privacyActions.downloadSucceeded({ studentId }));
  } catch (err) {
    yield* put(privacyActions.downloadFailed({ studentId, error: toApiError(err) }));
  }
}

function* openReadable({ payload: { studentId } }: WithStudent) {
  try {
    const data = yield* call(getStudentData, studentId);
    yield* put(privacyActions.readableLoaded({ studentId, data }));
  } catch (err) {
    yield* put(privacyActions.readableFailed({ studentId, error: toApiError(err) }));
  }
}

function* erase({ payload: { studentId } }: WithStudent) {
  try {
    yield* call(eraseStudent, studentId);
  } catch (err) {
    yield* put(privacyActions.eraseFailed({ studentId, error: toApiError(err) }));
    return;
  }
  // The lists show the erased student at once, as the server now holds them.
  const student = yield* selectFromStore(selectStudentById, studentId);
  if (student) yield* put(studentsActions.added({ ...student, firstName: ERASED_STUDENT_FIRST_NAME, lastName: ERASED_STUDENT_LAST_NAME, parentName: '', parentEmail: '', phone: '' }));
  yield* put(privacyActions.eraseSucceeded({ studentId }));
}

export function* privacySaga() {
  yield* takeLeading(privacyActions.downloadRequested, download);
  yield* takeLeading(privacyActions.readableRequested, openReadable);
  yield* takeLeading(privacyActions.eraseConfirmed, erase);
}
