/**
 * On start with a stored sign-in, a page shows only once token/validate has answered. The data of
 * the content page being opened is asked for at the same time (the app's start-up dispatches
 * these), so the page is ready when the check is; the page's own open then joins that load
 * (contentSaga's takeLatestJoiningEarly). The backend checks the token on these calls as on any.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { contentActions } from './contentSlice';
import { isNumericSegment } from './model/modelNames';

type Params = Readonly<Record<string, string | undefined>>;

/** '/select-model/:programName/:programId' and '/select-model-lesson-plans/...'. */
export function modelsPageEarlyData(params: Params): UnknownAction | null {
  return isNumericSegment(params.programId) ? contentActions.modelsPageOpened({ programId: Number(params.programId), early: true }) : null;
}

/** '/model_building_instructions/:programName/:programId/:lessonId' (not the older name-based route). */
export function galleryPageEarlyData(params: Params): UnknownAction | null {
  const { second, third } = params;
  return isNumericSegment(second) && isNumericSegment(third)
    ? contentActions.galleryOpened({ programId: Number(second), lessonId: Number(third), early: true })
    : null;
}
