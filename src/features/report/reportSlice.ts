/** Sending a problem report: the dialog's progress. Plain JSON only; the note stays in the dialog. */
import { selectSliceState } from '../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ReportedError } from '../../../contract/reports';

export type ReportSendStatus = 'idle' | 'sending' | 'sent' | 'queued' | 'failed';

export interface ReportState {
  status: ReportSendStatus;
  /** What the user quotes, e.g. "R-1234", once sent. */
  reference: string | null;
  /** Why it could not be sent (a sentence for the user). */
  failure: string | null;
  /** Reports saved while offline, waiting to be sent. */
  waiting: number;
}

export const initialReportState: ReportState = { status: 'idle', reference: null, failure: null, waiting: 0 };

export interface ReportSendRequest {
  note: string;
  /** The user agreed to attach a picture of the page. */
  attachPicture: boolean;
  error: ReportedError | null;
}

export const reportSlice = createSlice({
  name: 'report',
  initialState: initialReportState,
  reducers: {
    dialogOpened: (state) => ({ ...initialReportState, waiting: state.waiting }),
    sendRequested: (state, _action: PayloadAction<ReportSendRequest>) => {
      state.status = 'sending';
      state.failure = null;
    },
    sent: (state, action: PayloadAction<{ reference: string }>) => {
      state.status = 'sent';
      state.reference = action.payload.reference;
    },
    queued: (state, action: PayloadAction<{ waiting: number }>) => {
      state.status = 'queued';
      state.waiting = action.payload.waiting;
    },
    failed: (state, action: PayloadAction<{ message: string }>) => {
      state.status = 'failed';
      state.failure = action.payload.message;
    },
    /** Saved reports were sent (or given up); `waiting` is what is left. */
    queueFlushed: (state, action: PayloadAction<{ waiting: number; references: string[] }>) => {
      state.waiting = action.payload.waiting;
    },
  },
});

export const reportActions = reportSlice.actions;

/** The store's state, with the report's part once it has joined. */
export const selectReport = selectSliceState(reportSlice);
