import { all, call, getContext, put, select, takeLatest } from 'typed-redux-saga';
import type { MeetingRecord } from '../../../contract/meetings';
import { toApiError } from '../../api/errors';
import type { ApiClient } from '../../api/types';
import {
  addMeeting,
  changeMeeting,
  getAttendance,
  getCalendarFeed,
  getClassChoices,
  getMeeting,
  getMeetings,
  makeCalendarFeed,
  saveAttendance,
  stopCalendarFeed,
} from './api';
import { meetingActions } from './meetingSlice';
import { selectTimetable, timetableActions } from './timetableSlice';
import { addDays } from './weeks';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
const onDay = (day: string) => (meeting: MeetingRecord) => meeting.startsAt.startsWith(day);

/** The week, and today's meetings: from the week's answer when today is in it, else asked for on their own. */
function* loadWeek({ payload }: ReturnType<typeof timetableActions.weekRequested>) {
  const { week: monday, today, ownerId } = payload;
  const sunday = addDays(monday, 6);
  const inWeek = today >= monday && today <= sunday;
  try {
    const { week, todays } = yield* all({
      week: call(getMeetings, { from: monday, to: sunday, ownerId }),
      todays: inWeek ? call(() => Promise.resolve<MeetingRecord[]>([])) : call(getMeetings, { from: today, to: today, ownerId }),
    });
    yield* put(timetableActions.weekLoaded({ week, today: (inWeek ? week : todays).filter(onDay(today)) }));
  } catch (error) {
    yield* put(timetableActions.weekFailed(toApiError(error)));
  }
}

function* loadOwners() {
  const { owners } = yield* select(selectTimetable);
  if (owners.status === 'ready') return;
  const api = yield* getContext<ApiClient>('api');
  try {
    const users = yield* call([api, api.getAllUsers]);
    const value = users.filter((u) => u.role === 'franchise_owner').map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim() }));
    yield* put(timetableActions.ownersLoaded(value.sort(byName)));
  } catch (error) {
    yield* put(timetableActions.ownersFailed(toApiError(error)));
  }
}

function* loadClasses({ payload }: ReturnType<typeof timetableActions.classesRequested>) {
  try {
    const classes = yield* call(getClassChoices, payload.ownerId);
    yield* put(timetableActions.classesLoaded(classes.map((c) => ({ id: c.id, name: c.name })).sort(byName)));
  } catch (error) {
    yield* put(timetableActions.classesFailed(toApiError(error)));
  }
}

function* add({ payload }: ReturnType<typeof timetableActions.addRequested>) {
  try {
    yield* put(timetableActions.added(yield* call(addMeeting, payload.classId, payload.input)));
    const { query } = yield* select(selectTimetable);
    if (query) yield* put(timetableActions.weekRequested(query));
  } catch (error) {
    yield* put(timetableActions.addFailed(toApiError(error)));
  }
}

function* loadFeed() {
  try {
    yield* put(timetableActions.feedLoaded(yield* call(getCalendarFeed)));
  } catch (error) {
    yield* put(timetableActions.feedFailed(toApiError(error)));
  }
}

function* changeFeed({ payload }: ReturnType<typeof timetableActions.feedChangeRequested>) {
  try {
    if (payload.on) yield* put(timetableActions.feedMade(yield* call(makeCalendarFeed)));
    else yield* put(timetableActions.feedLoaded(yield* call(stopCalendarFeed)));
  } catch (error) {
    yield* put(timetableActions.feedFailed(toApiError(error)));
  }
}

/** The meeting, its attendance, then its program's models (the select stays empty if they fail). */
function* openMeeting({ payload }: ReturnType<typeof meetingActions.opened>) {
  try {
    const { meeting, attendance } = yield* all({ meeting: call(getMeeting, payload.id), attendance: call(getAttendance, payload.id) });
    yield* put(meetingActions.loaded({ meeting, attendance }));
    const api = yield* getContext<ApiClient>('api');
    try {
      const lessons = yield* call([api, api.getLessons], meeting.programId);
      const models = [...lessons].sort((a, b) => a.order - b.order).map((lesson) => ({ id: lesson.id, name: lesson.title }));
      yield* put(meetingActions.modelsLoaded(models));
    } catch {
      yield* put(meetingActions.modelsLoaded([]));
    }
  } catch (error) {
    yield* put(meetingActions.loadFailed(toApiError(error)));
  }
}

function* save({ payload }: ReturnType<typeof meetingActions.saveRequested>) {
  try {
    const attendance = yield* call(saveAttendance, payload.id, payload.input);
    // The counts the timetable shows come with the meeting: read again, not needed for the save itself.
    let meeting: MeetingRecord | null = null;
    try {
      meeting = yield* call(getMeeting, payload.id);
    } catch {
      meeting = null;
    }
    yield* put(meetingActions.saved({ attendance, meeting }));
  } catch (error) {
    yield* put(meetingActions.saveFailed(toApiError(error)));
  }
}

function* change({ payload }: ReturnType<typeof meetingActions.changeRequested>) {
  try {
    yield* put(meetingActions.changed(yield* call(changeMeeting, payload.id, payload.change)));
  } catch (error) {
    yield* put(meetingActions.changeFailed(toApiError(error)));
  }
}

export function* timetableSaga() {
  yield* takeLatest(timetableActions.weekRequested, loadWeek);
  yield* takeLatest(timetableActions.ownersRequested, loadOwners);
  yield* takeLatest(timetableActions.classesRequested, loadClasses);
  yield* takeLatest(timetableActions.addRequested, add);
  yield* takeLatest(timetableActions.feedRequested, loadFeed);
  yield* takeLatest(timetableActions.feedChangeRequested, changeFeed);
  yield* takeLatest(meetingActions.opened, openMeeting);
  yield* takeLatest(meetingActions.saveRequested, save);
  yield* takeLatest(meetingActions.changeRequested, change);
}
