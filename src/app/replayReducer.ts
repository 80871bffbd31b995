/**
 * The reducer a QA replay runs (the panel, `npm run replay`, the replay tests): the root reducer
 * plus the slice of every feature that joins the store later (src/shared/lazyFeature.ts). A lazy
 * slice is in a replayed state from the first action of its own (its name is the actions' prefix),
 * as it is in the live store from the moment its screen first opened. Only the QA panel's chunk
 * and Node load this file: it holds every feature's reducer.
 */
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { accountReducer } from '../features/account/accountSlice';
import { cardSignInReducer } from '../features/auth/cardSignIn/cardSignInSlice';
import { classroomReducer } from '../features/content/classroom/classroomSlice';
import { contentReducer } from '../features/content/contentSlice';
import { signInCardsReducer } from '../features/signInCards/signInCardsSlice';
import { classNowReducer } from '../features/classNow/classNowSlice';
import { stuckReducer } from '../features/content/classroom/stuckSlice';
import { progressReducer } from '../features/content/progress/progressSlice';
import { classPrepReducer } from '../features/content/prepare/classPrepSlice';
import { offlineReducer } from '../features/offline/offlineSlice';
import { termsCheckReducer } from '../features/layout/termsCheck/termsCheckSlice';
import { rosterEditReducer } from '../features/roster/edit/editSlice';
import { rosterReducer } from '../features/roster/rosterSlice';
import { studentImportReducer } from '../features/roster/import/studentImportSlice';
import { qaInboxReducer } from '../features/qaInbox/qaInboxSlice';
import { reportReducer } from '../features/report/reportSlice';
import { privacyReducer } from '../features/roster/privacy/privacySlice';
import { studentProgressReducer } from '../features/roster/progress/studentProgressSlice';
import { studentSignInReducer } from '../features/roster/student/credentials/signInSlice';
import { studioReducer } from '../features/studio/studioSelectors';
import { rootReducer, type RootState } from './rootReducer';

const lazySlices: Record<string, Reducer> = {
  account: accountReducer,
  classroom: classroomReducer,
  content: contentReducer,
  signInCards: signInCardsReducer,
  cardSignIn: cardSignInReducer,
  classNow: classNowReducer,
  stuck: stuckReducer,
  progress: progressReducer,
  classPrep: classPrepReducer,
  offline: offlineReducer,
  termsCheck: termsCheckReducer,
  roster: rosterReducer,
  rosterEdit: rosterEditReducer,
  studentImport: studentImportReducer,
  privacy: privacyReducer,
  studentProgress: studentProgressReducer,
  studentSignIn: studentSignInReducer,
  report: reportReducer,
  qaInbox: qaInboxReducer,
  // Its parts' actions: studio/, studioImport/, studioUploads/.
  studio: studioReducer,
};

export type ReplayState = RootState & Record<string, unknown>;

const ROOT_KEYS = Object.keys(rootReducer(undefined, { type: '@@replay/keys' }));

function reduce(state: ReplayState | undefined, action: UnknownAction): ReplayState {
  const rootPart = state === undefined ? undefined : (Object.fromEntries(ROOT_KEYS.map((key) => [key, state[key]])) as RootState);
  const next: ReplayState = { ...rootReducer(rootPart, action) };
  for (const [name, reducer] of Object.entries(lazySlices)) {
    const previous = state?.[name];
    if (previous !== undefined || action.type.startsWith(name)) next[name] = reducer(previous, action);
  }
  return next;
}

export const replayReducer = Object.assign(reduce, { keepsLaterSlices: true });
