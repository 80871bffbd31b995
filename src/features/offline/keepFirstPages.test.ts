import { runSaga } from 'redux-saga';
import { createFakeApi } from '../../../test/fakeApi';
import { keepRuntimeConfig, savePicture } from '../../shared/offlineCaches';
import { keepFirstPages, keptAddresses } from './keepFirstPages';

jest.mock('../../shared/offlineCaches', () => ({ savePicture: jest.fn(async () => undefined), keepRuntimeConfig: jest.fn(async () => undefined) }));

const origin = window.location.origin;
const loaded = [
  `${origin}/static/js/page-gallery.js`,
  `${origin}/wp-json/wp/v2/pages?parent=127&per_page=100`,
  `${origin}/wp-json/wp/v2/pages?parent=130&per_page=100`,
  `${origin}/wp-json/wp/v2/pages/131`,
  `${origin}/wp-json/wp/v2/users/me?context=edit`,
  `${origin}/wp-json/yo/v1/me/progress`,
  `${origin}/progrmas/PlayMachines1/MainModels/Catapult/1.svg?exp=1&u=10&sig=abc`,
  `${origin}/content/models/131/small.png`,
  `${origin}/content/videos/embed/catapult.html`,
  'https://elsewhere.test/content/a.png',
];

/** A service worker container that controls nothing until `takeOver`. */
function fakeContainer() {
  const target = new EventTarget() as EventTarget & { controller: object | null };
  target.controller = null;
  return { container: target, takeOver: () => ((target.controller = {}), target.dispatchEvent(new Event('controllerchange'))) };
}

afterEach(() => {
  jest.restoreAllMocks();
  delete (navigator as unknown as { serviceWorker?: unknown }).serviceWorker;
  delete (performance as unknown as { getEntriesByType?: unknown }).getEntriesByType;
});

describe('what a tab loaded before the service worker controlled it', () => {
  it('is told apart: lesson answers (as paths) and pictures of this site; not the app, other calls, video pages or other sites', () => {
    expect(keptAddresses(loaded, origin)).toEqual({
      answers: ['/wp-json/wp/v2/pages?parent=127&per_page=100', '/wp-json/wp/v2/pages?parent=130&per_page=100', '/wp-json/wp/v2/pages/131', '/wp-json/wp/v2/users/me?context=edit'],
      pictures: [`${origin}/progrmas/PlayMachines1/MainModels/Catapult/1.svg?exp=1&u=10&sig=abc`, `${origin}/content/models/131/small.png`],
    });
  });

  it('is asked for again through the worker once it takes over the tab, with the session', async () => {
    const { container, takeOver } = fakeContainer();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
    // jsdom keeps no resource timings: the browser's list, as the tab would have it.
    Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: () => loaded.map((name) => ({ name }) as PerformanceEntry) });
    const api = createFakeApi({ request: async () => ({}) });
    const task = runSaga({ context: { api }, dispatch: () => undefined, getState: () => ({}) }, keepFirstPages);
    await Promise.resolve();
    expect(api.calls).toEqual([]);
    expect(keepRuntimeConfig).not.toHaveBeenCalled();
    takeOver();
    await task.toPromise();
    expect(api.calls.map((c) => c.args[0])).toEqual(keptAddresses(loaded, origin).answers.map((path) => ({ method: 'GET', path, expiry: 'jwt' })));
    expect((savePicture as jest.Mock).mock.calls.map(([url]: [string]) => url)).toEqual(keptAddresses(loaded, origin).pictures);
    // The site's configuration too: without it the tab would start offline as a plain WordPress site.
    expect(keepRuntimeConfig).toHaveBeenCalledTimes(1);
  });

  it('is left alone in a tab the worker controlled from its start', async () => {
    const { container } = fakeContainer();
    container.controller = {};
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
    const api = createFakeApi();
    await runSaga({ context: { api }, dispatch: () => undefined, getState: () => ({}) }, keepFirstPages).toPromise();
    expect(api.calls).toEqual([]);
  });
});
