import type { User } from '../../api/types';
import { createSessionListSlice } from '../sessionListSlice';

export const { adapter: usersAdapter, actions: usersActions, reducer: usersReducer } = createSessionListSlice<User>('users');
export type UsersState = ReturnType<typeof usersReducer>;
