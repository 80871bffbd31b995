/** One meeting open: its record, its attendance, the models of its program, and what is being saved or changed. Plain JSON only. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AttendanceInput, AttendanceRecord, MeetingChange, MeetingRecord } from '../../../contract/meetings';
import type { ApiError } from '../../api/types';
import { selectSliceState, type Loadable } from '../../shared/sliceState';
import type { Choice } from './timetableSlice';


/** Which of the page's changes was sent: moving, cancelling or putting back, the note. */
export type ChangeKind = 'move' | 'cancel' | 'note';

export interface MeetingState {
  id: number | null;
  meeting: Loadable<MeetingRecord>;
  attendance: Loadable<AttendanceRecord>;
  /** The models of the meeting's program (what was taught); empty when they could not be read. */
  models: Choice[];
  save: { status: 'idle' | 'saving' | 'saved' | 'failed'; error: ApiError | null };
  change: { status: 'idle' | 'working' | 'done' | 'failed'; kind: ChangeKind | null; error: ApiError | null };
}

export const initialMeetingState: MeetingState = {
  id: null,
  meeting: { status: 'idle' },
  attendance: { status: 'idle' },
  models: [],
  save: { status: 'idle', error: null },
  change: { status: 'idle', kind: null, error: null },
};

export const meetingSlice = createSlice({
  name: 'timetableMeeting',
  initialState: initialMeetingState,
  reducers: {
    opened: (_state, action: PayloadAction<{ id: number }>) => ({
      ...initialMeetingState,
      id: action.payload.id,
      meeting: { status: 'loading' },
      attendance: { status: 'loading' },
    }),
    loaded: (state, action: PayloadAction<{ meeting: MeetingRecord; attendance: AttendanceRecord }>) => {
      state.meeting = { status: 'ready', value: action.payload.meeting };
      state.attendance = { status: 'ready', value: action.payload.attendance };
    },
    loadFailed: (state, action: PayloadAction<ApiError>) => {
      state.meeting = { status: 'failed', error: action.payload };
      state.attendance = { status: 'failed', error: action.payload };
    },
    modelsLoaded: (state, action: PayloadAction<Choice[]>) => {
      state.models = action.payload;
    },
    saveRequested: (state, _action: PayloadAction<{ id: number; input: AttendanceInput }>) => {
      state.save = { status: 'saving', error: null };
    },
    saved: (state, action: PayloadAction<{ attendance: AttendanceRecord; meeting: MeetingRecord | null }>) => {
      state.save = { status: 'saved', error: null };
      state.attendance = { status: 'ready', value: action.payload.attendance };
      if (action.payload.meeting) state.meeting = { status: 'ready', value: action.payload.meeting };
    },
    saveFailed: (state, action: PayloadAction<ApiError>) => {
      state.save = { status: 'failed', error: action.payload };
    },
    changeRequested: (state, action: PayloadAction<{ id: number; kind: ChangeKind; change: MeetingChange }>) => {
      state.change = { status: 'working', kind: action.payload.kind, error: null };
    },
    changed: (state, action: PayloadAction<MeetingRecord>) => {
      state.change = { status: 'done', kind: state.change.kind, error: null };
      state.meeting = { status: 'ready', value: action.payload };
    },
    changeFailed: (state, action: PayloadAction<ApiError>) => {
      state.change = { status: 'failed', kind: state.change.kind, error: action.payload };
    },
  },
});

export const meetingActions = meetingSlice.actions;
export const selectMeeting = selectSliceState(meetingSlice);
