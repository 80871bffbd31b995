import type { Student } from '../../api/types';
import { createSessionListSlice } from '../sessionListSlice';

/** Joins the store with the features that read it (their flows list it). */
export const { adapter: studentsAdapter, slice: studentsSlice, actions: studentsActions, reducer: studentsReducer } = createSessionListSlice<Student, 'students'>('students');
export type StudentsState = ReturnType<typeof studentsReducer>;
