import type { Student } from '../../api/types';
import { createSessionListSlice } from '../sessionListSlice';

export const { adapter: studentsAdapter, actions: studentsActions, reducer: studentsReducer } = createSessionListSlice<Student>('students');
export type StudentsState = ReturnType<typeof studentsReducer>;
