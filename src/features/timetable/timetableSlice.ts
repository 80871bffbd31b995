/** The timetable: the week shown, today's meetings, the choices (owners, classes), an extra meeting being added, the calendar feed. Plain JSON only. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CalendarFeedAddress, CalendarFeedState, ExtraMeetingInput, MeetingRecord } from '../../../contract/meetings';
import type { ApiError } from '../../api/types';
import { selectSliceState, type Loadable } from '../../shared/sliceState';

export interface WeekQuery {
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  /** Today on the device's calendar: its meetings come first. */
  today: string;
  /** Administrators: one owner's meetings, or null for every owner's. */
  ownerId: number | null;
}

export interface Choice {
  id: number;
  name: string;
}


export interface FeedState {
  /** 'unavailable': this backend has no calendar feed (its route is not there). */
  status: 'idle' | 'loading' | 'ready' | 'failed' | 'unavailable';
  feed: CalendarFeedState | null;
  /** The new address, shown once after it was made. */
  url: string | null;
  working: boolean;
  error: ApiError | null;
}

export interface TimetableState {
  query: WeekQuery | null;
  week: { status: 'idle' | 'loading' | 'ready' | 'failed'; meetings: MeetingRecord[]; error: ApiError | null };
  today: { status: 'idle' | 'loading' | 'ready' | 'failed'; meetings: MeetingRecord[]; error: ApiError | null };
  owners: Loadable<Choice[]>;
  classes: Loadable<Choice[]>;
  add: { status: 'idle' | 'saving' | 'saved' | 'failed'; error: ApiError | null; added: MeetingRecord | null };
  feed: FeedState;
}

export const initialTimetableState: TimetableState = {
  query: null,
  week: { status: 'idle', meetings: [], error: null },
  today: { status: 'idle', meetings: [], error: null },
  owners: { status: 'idle' },
  classes: { status: 'idle' },
  add: { status: 'idle', error: null, added: null },
  feed: { status: 'idle', feed: null, url: null, working: false, error: null },
};

export const timetableSlice = createSlice({
  name: 'timetable',
  initialState: initialTimetableState,
  reducers: {
    weekRequested: (state, action: PayloadAction<WeekQuery>) => {
      state.query = action.payload;
      state.week = { status: 'loading', meetings: [], error: null };
      state.today = { status: 'loading', meetings: state.today.meetings, error: null };
    },
    weekLoaded: (state, action: PayloadAction<{ week: MeetingRecord[]; today: MeetingRecord[] }>) => {
      state.week = { status: 'ready', meetings: action.payload.week, error: null };
      state.today = { status: 'ready', meetings: action.payload.today, error: null };
    },
    weekFailed: (state, action: PayloadAction<ApiError>) => {
      state.week = { status: 'failed', meetings: [], error: action.payload };
      state.today = { status: 'failed', meetings: [], error: action.payload };
    },
    ownersRequested: (state) => {
      if (state.owners.status !== 'ready') state.owners = { status: 'loading' };
    },
    ownersLoaded: (state, action: PayloadAction<Choice[]>) => {
      state.owners = { status: 'ready', value: action.payload };
    },
    ownersFailed: (state, action: PayloadAction<ApiError>) => {
      state.owners = { status: 'failed', error: action.payload };
    },
    classesRequested: (state, _action: PayloadAction<{ ownerId: number | null }>) => {
      state.classes = { status: 'loading' };
    },
    classesLoaded: (state, action: PayloadAction<Choice[]>) => {
      state.classes = { status: 'ready', value: action.payload };
    },
    classesFailed: (state, action: PayloadAction<ApiError>) => {
      state.classes = { status: 'failed', error: action.payload };
    },
    addRequested: (state, _action: PayloadAction<{ classId: number; input: ExtraMeetingInput }>) => {
      state.add = { status: 'saving', error: null, added: null };
    },
    added: (state, action: PayloadAction<MeetingRecord>) => {
      state.add = { status: 'saved', error: null, added: action.payload };
    },
    addFailed: (state, action: PayloadAction<ApiError>) => {
      state.add = { status: 'failed', error: action.payload, added: null };
    },
    addReset: (state) => {
      state.add = { status: 'idle', error: null, added: null };
    },
    feedRequested: (state) => {
      state.feed = { ...state.feed, status: 'loading', error: null, url: null };
    },
    feedLoaded: (state, action: PayloadAction<CalendarFeedState>) => {
      state.feed = { status: 'ready', feed: action.payload, url: null, working: false, error: null };
    },
    feedFailed: (state, action: PayloadAction<ApiError>) => {
      const unavailable = action.payload.status === 404 && action.payload.code === 'rest_no_route' && !state.feed.feed;
      state.feed = { ...state.feed, status: unavailable ? 'unavailable' : state.feed.feed ? 'ready' : 'failed', working: false, error: action.payload };
    },
    /** Make a new address (any earlier one stops working) or turn the feed off. */
    feedChangeRequested: (state, _action: PayloadAction<{ on: boolean }>) => {
      state.feed = { ...state.feed, working: true, error: null };
    },
    feedMade: (state, action: PayloadAction<CalendarFeedAddress>) => {
      const { url, ...feed } = action.payload;
      state.feed = { status: 'ready', feed, url, working: false, error: null };
    },
  },
});

export const timetableActions = timetableSlice.actions;
export const selectTimetable = selectSliceState(timetableSlice);
