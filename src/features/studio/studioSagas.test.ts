import { waitFor } from '@testing-library/react';
import type { UploadResult } from './api';
import { createFakeApi, networkError } from '../../../test/fakeApi';
import { fakeStudio, fileOf, image, model, studioConfig, studioRoutes } from '../../../test/fixtures/studio';
import { signedInAs } from '../../../test/renderApp';
import { createSagaStore } from '../../../test/sagaStore';
import { sessionActions } from '../../entities/session/sessionSlice';
import { importActions } from './importSlice';
import { selectStudio } from './studioSelectors';
import { studioActions } from './studioSlice';
import { keepFile } from './uploadFiles';
import { uploadActions, type QueuedUpload } from './uploadsSlice';

async function setup(studio = fakeStudio()) {
  const created = createSagaStore({ api: createFakeApi(studioRoutes(studio)), session: signedInAs('admin'), config: studioConfig });
  await created.store.joinFeature('studio');
  const state = () => selectStudio(created.store.getState());
  return { ...created, studio, state };
}

const queued = (names: string[], target: QueuedUpload['target']): QueuedUpload[] =>
  names.map((name, seq) => ({ id: keepFile(fileOf(name)), name, bytes: 1000, uploadKind: 'image', target, batch: 'b1', seq }));

describe('studio sagas: uploads', () => {
  it('sends at most 3 files at once, reports each one, and retries a failed one', async () => {
    let active = 0;
    let most = 0;
    const pending: (() => void)[] = [];
    let failFirst = true;
    const studio = fakeStudio({
      upload: (_kind, file, onProgress) =>
        new Promise<UploadResult>((resolve, reject) => {
          active += 1;
          most = Math.max(most, active);
          onProgress(0.5);
          pending.push(() => {
            active -= 1;
            const name = (file as File).name;
            if (name === 'f3.jpg' && failFirst) {
              failFirst = false;
              return reject(networkError());
            }
            resolve({ kind: 'image', images: [image(name)] });
          });
        }),
    });
    const { store, state, stop } = await setup(studio);
    studio.models.set(500, model(500, 130, 'Catapult', { tabs: [{ title: '', steps: [], video: null }] }));
    store.dispatch(studioActions.modelOpened({ id: 500 }));
    await waitFor(() => expect(state().content.modelForms[500]).toBeDefined());

    store.dispatch(uploadActions.queued(queued(['f1.jpg', 'f2.jpg', 'f3.jpg', 'f4.jpg', 'f5.jpg'], { kind: 'step', id: 500, tab: 0 })));
    await waitFor(() => expect(pending).toHaveLength(3));
    expect(state().uploads.items.map((i) => i.status)).toEqual(['uploading', 'uploading', 'uploading', 'queued', 'queued']);
    expect(state().uploads.items[0]!.progress).toBe(0.5);
    while (pending.length) {
      pending.shift()!();
      await waitFor(() => expect(state().uploads.items.filter((i) => i.status === 'uploading').length).toBeLessThanOrEqual(3));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await waitFor(() => expect(state().uploads.items.filter((i) => i.status === 'done')).toHaveLength(4));
    expect(most).toBe(3);
    const failed = state().uploads.items.find((i) => i.status === 'failed')!;
    expect(failed.name).toBe('f3.jpg');
    expect(failed.error).toMatch(/connection dropped/);

    store.dispatch(uploadActions.retried({ id: failed.id }));
    await waitFor(() => expect(pending).toHaveLength(1));
    pending.shift()!();
    await waitFor(() => expect(state().uploads.items.every((i) => i.status === 'done')).toBe(true));
    // Steps in name order whatever order the uploads finished in.
    expect(state().content.modelForms[500]!.tabs[0]!.steps.map((s) => s.name)).toEqual(['f1.jpg', 'f2.jpg', 'f3.jpg', 'f4.jpg', 'f5.jpg']);
    stop();
  });
});

describe('studio sagas: import', () => {
  it('starts an import and follows it to its summary', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const { store, state, studio, stop } = await setup();
      store.dispatch(importActions.startRequested({ url: 'https://wp.test' }));
      await waitFor(() => expect(state().import.job?.status).toBe('running'));
      await jest.advanceTimersByTimeAsync(1000);
      await waitFor(() => expect(state().import.job?.status).toBe('finished'));
      expect(state().import.job!.summary.failed).toEqual([{ what: 'Lawn Mower', reason: 'Image 4 could not be downloaded.' }]);
      expect(studio.calls.map((c) => c.method)).toEqual(expect.arrayContaining(['startImport', 'getImportJob', 'getCatalogue']));
      stop();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('studio state', () => {
  it('goes with the session: nothing of it is left for the next person', async () => {
    const { store, state, stop } = await setup();
    store.dispatch(studioActions.catalogueRequested());
    await waitFor(() => expect(state().content.programs.ids).toHaveLength(2));
    store.dispatch(sessionActions.loggedOut());
    expect(state().content.programs.ids).toEqual([]);
    expect(state().content.programForms).toEqual({});
    stop();
  });
});
