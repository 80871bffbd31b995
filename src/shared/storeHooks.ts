import { useDispatch, useSelector } from 'react-redux';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * The store's hooks, typed once. The full RootState lives in src/app, which nothing imports, so
 * every selector declares the slices it reads ((state: WithSession) => ...) and the selector's
 * own type is what useAppSelector checks. Dispatch takes plain actions only: side effects are sagas.
 */
export const useAppDispatch = useDispatch.withTypes<Dispatch<UnknownAction>>();

export function useAppSelector<TState, TSelected>(selector: (state: TState) => TSelected): TSelected {
  return useSelector(selector);
}
