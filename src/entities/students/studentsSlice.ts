import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Student } from '../../api/types';
import { sessionEndedActionTypes } from '../session/sessionSlice';

export const studentsAdapter = createEntityAdapter<Student>();

const studentsSlice = createSlice({
  name: 'students',
  initialState: studentsAdapter.getInitialState(),
  reducers: {
    /** The full list the backend allows this user to see; replaces what was there. */
    received: (state, action: PayloadAction<Student[]>) => {
      studentsAdapter.setAll(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(
      (action) => sessionEndedActionTypes.includes(action.type),
      () => studentsAdapter.getInitialState(),
    );
  },
});

export const studentsActions = studentsSlice.actions;
export const studentsReducer = studentsSlice.reducer;
export type StudentsState = ReturnType<typeof studentsReducer>;
