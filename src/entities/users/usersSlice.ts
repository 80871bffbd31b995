import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../api/types';
import { sessionEndedActionTypes } from '../session/sessionSlice';

export const usersAdapter = createEntityAdapter<User>();

const usersSlice = createSlice({
  name: 'users',
  initialState: usersAdapter.getInitialState(),
  reducers: {
    /** The full list the backend allows this user to see; replaces what was there. */
    received: (state, action: PayloadAction<User[]>) => {
      usersAdapter.setAll(state, action.payload);
    },
    added: (state, action: PayloadAction<User>) => {
      usersAdapter.upsertOne(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(
      (action) => sessionEndedActionTypes.includes(action.type),
      () => usersAdapter.getInitialState(),
    );
  },
});

export const usersActions = usersSlice.actions;
export const usersReducer = usersSlice.reducer;
export type UsersState = ReturnType<typeof usersReducer>;
