import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEndedActionTypes } from './session/sessionSlice';

/**
 * One entity list of the signed-in user (programs, students, users): `received` replaces it with the
 * full list the backend allows this user to see, `added` puts in one it has just created, and a
 * sign-out forgets it, since what a user may see differs by role (hidden programs, other owners).
 */
export function createSessionListSlice<Entity extends { id: number }, Name extends string>(name: Name) {
  const adapter = createEntityAdapter<Entity>();
  const slice = createSlice({
    name,
    initialState: adapter.getInitialState(),
    reducers: {
      received: (state, action: PayloadAction<Entity[]>) => {
        adapter.setAll(state, action.payload);
      },
      added: (state, action: PayloadAction<Entity>) => {
        adapter.upsertOne(state, action.payload);
      },
    },
    extraReducers: (builder) => {
      builder.addMatcher(
        (action) => sessionEndedActionTypes.includes(action.type),
        () => adapter.getInitialState(),
      );
    },
  });
  return { adapter, slice, actions: slice.actions, reducer: slice.reducer };
}
