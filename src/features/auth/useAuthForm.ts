import { useEffect, type FormEvent } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useAppDispatch } from '../../shared/storeHooks';

/**
 * What the sign-in and password-reset forms share: the page announces it opened (which clears an
 * earlier attempt's outcome), and a submit while one is under way is ignored.
 */
export function useAuthForm(opened: () => UnknownAction, submitting: boolean, submit: () => void) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(opened());
  }, [dispatch, opened]);
  return (event: FormEvent) => {
    event.preventDefault();
    if (!submitting) submit();
  };
}
