import { waitFor } from '@testing-library/react';
import { PROGRESS_PATHS, type ProgressBody, type ProgressEntry } from '../../../../contract/progress';
import type { ApiRequest } from '../../../api/transport';
import { apiError, createFakeApi, networkError } from '../../../../test/fakeApi';
import { signedInAs } from '../../../../test/renderApp';
import { createSagaStore } from '../../../../test/sagaStore';
import { contentActions, type StepViewed } from '../contentSlice';
import { selectModelPlace } from './progressSlice';

jest.setTimeout(15_000);

const step = (n: number, extra: Partial<StepViewed> = {}): StepViewed => ({ programId: 130, lessonId: 2001, tabId: 'tab-1', tabTitle: '', tabIndex: 0, tabs: 1, step: n, steps: 12, ...extra });
const entry = (place: ProgressBody): ProgressEntry => ({ ...place, tabTitle: place.tabTitle ?? '', tabsDone: [], programId: 130, finishedAt: null, startedAt: '2026-11-25T10:00:00.000Z', updatedAt: '2026-11-25T10:00:00.000Z' });

/** A portal backend that saves places, or fails as `answer` says. */
function backend(saved: ProgressEntry[] = []) {
  const puts: ApiRequest[] = [];
  let failWith: ReturnType<typeof apiError> | null = null;
  const api = createFakeApi({
    request: async (request) => {
      if (request.path !== PROGRESS_PATHS.myProgress) throw apiError(404, 'rest_no_route');
      if (request.method === 'GET') return saved;
      puts.push(request);
      if (failWith) throw failWith;
      return entry(request.body as ProgressBody);
    },
  });
  return { api, puts, fail: (error: ReturnType<typeof apiError> | null) => void (failWith = error) };
}

async function started(login: 'mia' | 'dana', api: ReturnType<typeof createFakeApi>) {
  const s = createSagaStore({ api, session: signedInAs(login) });
  await s.rehydrated();
  await s.store.joinFeature('content');
  return s;
}

beforeEach(() => localStorage.clear());

describe('saving the place (progress saga)', () => {
  it('many steps in a row send one PUT, with the latest place, a second after the last', async () => {
    const { api, puts } = backend();
    const s = await started('mia', api);
    for (const n of [2, 3, 4, 5]) s.store.dispatch(contentActions.stepViewed(step(n)));
    expect(puts).toEqual([]);
    await waitFor(() => expect(puts).toHaveLength(1), { timeout: 3000 });
    expect(puts[0]).toEqual({ method: 'PUT', path: PROGRESS_PATHS.myProgress, body: { lessonId: 2001, tabId: 'tab-1', tabTitle: '', tabIndex: 0, tabs: 1, step: 5, steps: 12 }, expiry: 'jwt' });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(puts).toHaveLength(1);
    expect(localStorage.length).toBe(0);
    s.stop();
  });

  it('offline: the place is kept on the device and sent when the connection returns', async () => {
    const { api, puts, fail } = backend();
    fail(networkError());
    const s = await started('mia', api);
    s.store.dispatch(contentActions.stepViewed(step(7)));
    await waitFor(() => expect(puts).toHaveLength(1), { timeout: 3000 });
    await waitFor(() => expect(localStorage.getItem('progressUnsent.10')).toContain('"step":7'));
    fail(null);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.body).toMatchObject({ lessonId: 2001, step: 7 });
    await waitFor(() => expect(localStorage.getItem('progressUnsent.10')).toBeNull());
    s.stop();
  });

  it('a place kept from an earlier visit goes on the next start; a closing page sends at once with keepalive', async () => {
    localStorage.setItem('progressUnsent.10', JSON.stringify([{ lessonId: 2001, tabId: 'tab-1', tabIndex: 0, tabs: 1, step: 9, steps: 12 }]));
    const { api, puts } = backend();
    const s = await started('mia', api);
    await waitFor(() => expect(puts.map((p) => (p.body as ProgressBody).step)).toEqual([9]));
    s.store.dispatch(contentActions.stepViewed(step(10)));
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ keepalive: true, body: { step: 10 } });
    s.stop();
  });

  it('a refused place (403) is dropped: not kept, not sent again', async () => {
    const { api, puts, fail } = backend();
    fail(apiError(403, 'rest_forbidden'));
    const s = await started('mia', api);
    s.store.dispatch(contentActions.stepViewed(step(4)));
    await waitFor(() => expect(puts).toHaveLength(1), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(localStorage.getItem('progressUnsent.10')).toBeNull();
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts).toHaveLength(1);
    s.stop();
  });

  it('an owner is not tracked: nothing is sent', async () => {
    const { api, puts } = backend();
    const s = await started('dana', api);
    s.store.dispatch(contentActions.stepViewed(step(3)));
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(puts).toEqual([]);
    expect(localStorage.length).toBe(0);
    s.stop();
  });

  it("opening a model at step 1 on a new device does not overwrite the place saved elsewhere", async () => {
    const { api, puts } = backend([entry({ lessonId: 2001, tabId: 'tab-1', tabIndex: 0, tabs: 1, step: 6, steps: 12 })]);
    const s = await started('mia', api);
    s.store.dispatch(contentActions.galleryOpened({ programId: 130, lessonId: 2001 }));
    s.store.dispatch(contentActions.stepViewed(step(1)));
    await waitFor(() => expect(selectModelPlace(s.store.getState(), 2001)).toMatchObject({ step: 6 }));
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(puts).toEqual([]);
    s.stop();
  });
});
