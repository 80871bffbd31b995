/**
 * The students list's data, asked for on start while the stored sign-in is checked (see
 * app/earlyPageData.ts); the page's own open joins that load. The backend answers only what this
 * user may see, as on any call.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { rosterActions } from './rosterSlice';

export function studentsListEarlyData(): UnknownAction {
  return rosterActions.studentsListOpened({ early: true });
}
