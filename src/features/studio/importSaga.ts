/**
 * The WordPress import from the studio: start a job, follow it until it is finished, then the
 * review of what it brought (publish all, publish chosen, discard).
 */
import { call, delay, put, race, take, takeLatest } from 'typed-redux-saga';
import type { StudioImportJob } from '../../../contract/studio';
import { toApiError } from '../../api/errors';
import { studioApi } from './studioApi';
import { importActions } from './importSlice';
import { studioActions } from './studioSlice';

export const IMPORT_POLL_MS = 1000;

const running = (job: StudioImportJob) => job.status === 'queued' || job.status === 'running';

/** Asks for the job every IMPORT_POLL_MS until it ends; a failed poll is said and polling goes on. */
function* follow(job: StudioImportJob) {
  const studio = yield* call(studioApi);
  let current = job;
  while (running(current)) {
    yield* delay(IMPORT_POLL_MS);
    try {
      current = yield* call([studio, studio.getImportJob], current.id);
      yield* put(importActions.jobUpdated(current));
    } catch (error) {
      yield* put(importActions.pollFailed(toApiError(error)));
    }
  }
  // What the import made shows in the studio's lists, and waits for review.
  yield* put(studioActions.catalogueRequested());
  if (current.status === 'finished') yield* put(importActions.reviewRequested({ jobId: current.id }));
}

function* onStart({ payload }: ReturnType<typeof importActions.startRequested>) {
  try {
    const studio = yield* call(studioApi);
    const job = yield* call([studio, studio.startImport], payload.url, payload.programs);
    yield* put(importActions.jobUpdated(job));
    yield* call(follow, job);
  } catch (error) {
    yield* put(importActions.startFailed(toApiError(error)));
  }
}

function* onSiteProgramsRequested({ payload }: ReturnType<typeof importActions.siteProgramsRequested>) {
  try {
    const studio = yield* call(studioApi);
    yield* put(importActions.siteProgramsLoaded({ url: payload.url, programs: yield* call([studio, studio.getSitePrograms], payload.url) }));
  } catch (error) {
    yield* put(importActions.siteProgramsFailed({ url: payload.url, error: toApiError(error) }));
  }
}

function* onOpened() {
  try {
    const studio = yield* call(studioApi);
    const jobs = yield* call([studio, studio.getImports]);
    yield* put(importActions.historyLoaded(jobs));
    const latest = jobs[0];
    // A job started earlier (in another tab, or before a reload) is followed again.
    if (latest && running(latest)) yield* race({ followed: call(follow, latest), started: take(importActions.startRequested) });
    else if (latest?.status === 'finished') yield* put(importActions.reviewRequested({ jobId: latest.id }));
  } catch {
    yield* put(importActions.historyLoaded(null));
  }
}

function* onReviewRequested({ payload }: ReturnType<typeof importActions.reviewRequested>) {
  try {
    const studio = yield* call(studioApi);
    yield* put(importActions.reviewLoaded(yield* call([studio, studio.getImportReview], payload.jobId)));
  } catch (error) {
    yield* put(importActions.reviewFailed({ jobId: payload.jobId, error: toApiError(error) }));
  }
}

function* onReviewAction({ payload }: ReturnType<typeof importActions.reviewActionRequested>) {
  const { jobId, action, ids } = payload;
  try {
    const studio = yield* call(studioApi);
    const outcome =
      action === 'discard' ? yield* call([studio, studio.discardImport], jobId) : yield* call([studio, studio.publishImport], jobId, action === 'publishChosen' ? ids : undefined);
    yield* put(importActions.reviewActed({ action, outcome }));
    yield* put(studioActions.catalogueRequested());
  } catch (error) {
    yield* put(importActions.reviewFailed({ jobId, error: toApiError(error) }));
  }
}

export function* importSaga() {
  yield* takeLatest(importActions.reviewRequested, onReviewRequested);
  yield* takeLatest(importActions.reviewActionRequested, onReviewAction);
  yield* takeLatest(importActions.startRequested, onStart);
  yield* takeLatest(importActions.siteProgramsRequested, onSiteProgramsRequested);
  yield* takeLatest(importActions.opened, onOpened);
}
