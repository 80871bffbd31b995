import { combineReducers } from '@reduxjs/toolkit';
import { configReducer } from '../entities/config/configSlice';
import { lessonsReducer } from '../entities/lessons/lessonsSlice';
import { programsReducer } from '../entities/programs/programsSlice';
import { sessionReducer } from '../entities/session/sessionSlice';
import { studentsReducer } from '../entities/students/studentsSlice';
import { usersReducer } from '../entities/users/usersSlice';
import { authReducer } from '../features/auth/authSlice';
import { termsReducer } from '../features/terms/termsSlice';

/** Slices other than the session: the session reducer is wrapped by redux-persist in store.ts. */
export const slices = {
  config: configReducer,
  users: usersReducer,
  students: studentsReducer,
  programs: programsReducer,
  lessons: lessonsReducer,
  authFlow: authReducer,
  terms: termsReducer,
};

/** The unpersisted root reducer; RootState is inferred from it. */
export const rootReducer = combineReducers({ ...slices, session: sessionReducer });
export type RootState = ReturnType<typeof rootReducer>;
