import type { User } from '../../api/types';
import { createSessionListSlice } from '../sessionListSlice';

/** Joins the store with the features that read it (their flows list it). */
export const { adapter: usersAdapter, slice: usersSlice, actions: usersActions, reducer: usersReducer } = createSessionListSlice<User, 'users'>('users');
export type UsersState = ReturnType<typeof usersReducer>;
