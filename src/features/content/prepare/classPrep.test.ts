import { waitFor } from '@testing-library/react';
import { apiError, createFakeApi } from '../../../../test/fakeApi';
import { signedInAs } from '../../../../test/renderApp';
import { createSagaStore } from '../../../../test/sagaStore';
import type { Lesson, LessonDetail } from '../../../api/types';
import { sessionActions } from '../../../entities/session/sessionSlice';
import { savePicture } from '../../../shared/offlineCaches';
import { classPrepActions, selectClassPrep, type ClassPrepState } from './classPrepSlice';

jest.mock('../../../shared/offlineCaches', () => ({ savePicture: jest.fn(async () => undefined), clearUserCaches: jest.fn(), serverAnswers: jest.fn() }));
const saved = savePicture as jest.Mock;

const lesson = (id: number): Lesson => ({
  id,
  programId: 130,
  title: `Model ${id}`,
  order: id,
  experimental: false,
  colorTitleImage: null,
  smallImage: `/progrmas/P/${id}/small.png`,
  programName: 'Play Machines 1',
  unlockCode: '1234',
  unlocked: null,
  lessonPlansTitle: '',
  lessonPlansUrl: '',
  showInTabs: true,
});
const detail = (id: number): LessonDetail => ({
  id,
  programId: 130,
  title: `Model ${id}`,
  showInTabs: true,
  imageCount: null,
  imageTabs: [],
  tabs: [
    {
      index: 0,
      title: 'Build',
      videoUrl: null,
      videoId: null,
      gallery: [1, 2].map((step) => ({ original: `/progrmas/P/${id}/${step}.png?exp=1&u=2&sig=x`, thumbnail: `/progrmas/P/${id}/t${step}.png?exp=1&u=2&sig=x` })),
    },
  ],
});

const stores: { stop: () => void }[] = [];
afterEach(() => {
  stores.splice(0).forEach((s) => s.stop());
  saved.mockReset();
  saved.mockImplementation(async () => undefined);
});

async function setup(api = createFakeApi({ getLessons: async () => [lesson(131), lesson(132)], getLesson: async (id) => detail(id) })) {
  const created = createSagaStore({ api, session: signedInAs('dana') });
  stores.push(created);
  await created.rehydrated();
  await created.store.joinFeature('content');
  const seen: Pick<ClassPrepState, 'status' | 'done' | 'total'>[] = [];
  created.store.subscribe(() => {
    const { status, done, total } = selectClassPrep(created.store.getState(), 130);
    const last = seen[seen.length - 1];
    if (!last || last.status !== status || last.done !== done || last.total !== total) seen.push({ status, done, total });
  });
  return { ...created, seen };
}

describe('Prepare for class', () => {
  it("saves every model's lesson, then its step pictures and thumbnails, counting n of N", async () => {
    const { store, api, seen } = await setup();
    store.dispatch(classPrepActions.prepareRequested({ programId: 130 }));
    await waitFor(() => expect(selectClassPrep(store.getState(), 130).status).toBe('done'));
    // 2 lessons + (2 cards' small pictures + 2 models x 2 steps x (picture + thumbnail)) = 2 + 10
    expect(seen).toEqual([
      { status: 'running', done: 0, total: 0 },
      { status: 'running', done: 0, total: 2 },
      { status: 'running', done: 1, total: 2 },
      { status: 'running', done: 2, total: 2 },
      { status: 'running', done: 2, total: 12 },
      { status: 'running', done: 6, total: 12 },
      { status: 'running', done: 10, total: 12 },
      { status: 'running', done: 12, total: 12 },
      { status: 'done', done: 12, total: 12 },
    ]);
    expect(api.calls.filter((c) => c.method === 'getLesson').map((c) => c.args[0])).toEqual([131, 132]);
    expect(saved.mock.calls.map(([url]) => url)).toContain('/progrmas/P/131/t2.png?exp=1&u=2&sig=x');
    expect(saved).toHaveBeenCalledTimes(10);
  });

  it('counts pictures that could not be saved and finishes the rest', async () => {
    saved.mockImplementation(async (url: string) => {
      if (url.includes('/132/1.png')) throw new Error('HTTP 500');
    });
    const { store } = await setup();
    store.dispatch(classPrepActions.prepareRequested({ programId: 130 }));
    await waitFor(() => expect(selectClassPrep(store.getState(), 130)).toMatchObject({ status: 'done', done: 12, missed: 1 }));
  });

  it('fails with the error when a lesson cannot be loaded (offline: it needs the internet)', async () => {
    const api = createFakeApi({ getLessons: async () => Promise.reject(apiError(0, 'network_error')) });
    const { store } = await setup(api);
    store.dispatch(classPrepActions.prepareRequested({ programId: 130 }));
    await waitFor(() => expect(selectClassPrep(store.getState(), 130).status).toBe('failed'));
    expect(selectClassPrep(store.getState(), 130).error?.code).toBe('network_error');
  });

  it('stops when canceled, and when the user signs out', async () => {
    saved.mockImplementation(() => new Promise(() => undefined));
    const { store } = await setup();
    store.dispatch(classPrepActions.prepareRequested({ programId: 130 }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(4));
    store.dispatch(classPrepActions.canceled());
    expect(selectClassPrep(store.getState(), 130)).toMatchObject({ status: 'canceled', done: 2, total: 12 });
    saved.mockClear();
    store.dispatch(classPrepActions.prepareRequested({ programId: 130 }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(4));
    store.dispatch(sessionActions.loggedOut());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(saved).toHaveBeenCalledTimes(4);
  });
});
