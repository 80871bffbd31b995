import { all, call, getContext, put, select, takeLatest } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import type { ApiClient, User } from '../../api/types';
import { selectUserRole } from '../../entities/session/sessionSelectors';
import { archiveClass, createClass, getClass, getClasses, updateClass } from './api';
import { classesActions, selectClasses, type ClassChoices } from './classesSlice';

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

function* loadList({ payload }: ReturnType<typeof classesActions.listRequested>) {
  try {
    yield* put(classesActions.listLoaded(yield* call(getClasses, payload)));
  } catch (error) {
    yield* put(classesActions.listFailed(toApiError(error)));
  }
}

const ownersOf = (users: User[]) => users.filter((u) => u.role === 'franchise_owner').map((u) => ({ id: u.id, name: fullName(u) })).sort(byName);

/** The list's owner filter: the users alone, not the form's thousands of students. */
function* loadOwners() {
  const { owners } = yield* select(selectClasses);
  if (owners.status === 'ready') return;
  const api = yield* getContext<ApiClient>('api');
  try {
    yield* put(classesActions.ownersLoaded(ownersOf(yield* call([api, api.getAllUsers]))));
  } catch (error) {
    yield* put(classesActions.ownersFailed(toApiError(error)));
  }
}

/** What the form offers: the programs the user sees, the students (each with their owner) and, for administrators, the owners. */
function* loadChoices() {
  const { choices } = yield* select(selectClasses);
  if (choices.status === 'ready') return;
  const api = yield* getContext<ApiClient>('api');
  const admin = (yield* select(selectUserRole)) === 'administrator';
  try {
    const { programs, students, users } = yield* all({
      programs: call([api, api.getPrograms]),
      students: call([api, api.getAllStudents]),
      users: call(admin ? () => api.getAllUsers() : () => Promise.resolve<User[]>([])),
    });
    const value: ClassChoices = {
      programs: programs.map((p) => ({ id: p.id, name: p.displayTitle || p.title })),
      students: students.map((s) => ({ id: s.id, name: fullName(s), ownerId: s.teacherId })).sort(byName),
      owners: ownersOf(users),
    };
    yield* put(classesActions.choicesLoaded(value));
  } catch (error) {
    yield* put(classesActions.choicesFailed(toApiError(error)));
  }
}

function* loadClass({ payload }: ReturnType<typeof classesActions.formOpened>) {
  if (payload.id === null) return;
  try {
    yield* put(classesActions.classLoaded(yield* call(getClass, payload.id)));
  } catch (error) {
    yield* put(classesActions.classFailed(toApiError(error)));
  }
}

function* save({ payload }: ReturnType<typeof classesActions.saveRequested>) {
  try {
    const record = payload.id === null ? yield* call(createClass, payload.input) : yield* call(updateClass, payload.id, payload.input);
    yield* put(classesActions.saved(record));
  } catch (error) {
    yield* put(classesActions.saveFailed(toApiError(error)));
  }
}

function* setArchived({ payload }: ReturnType<typeof classesActions.archiveRequested>) {
  try {
    yield* put(classesActions.archiveChanged(yield* call(archiveClass, payload.id, { archived: payload.archived })));
  } catch (error) {
    yield* put(classesActions.archiveFailed(toApiError(error)));
  }
}

export function* classesSaga() {
  yield* takeLatest(classesActions.listRequested, loadList);
  yield* takeLatest(classesActions.choicesRequested, loadChoices);
  yield* takeLatest(classesActions.ownersRequested, loadOwners);
  yield* takeLatest(classesActions.formOpened, loadClass);
  yield* takeLatest(classesActions.saveRequested, save);
  yield* takeLatest(classesActions.archiveRequested, setArchived);
}
