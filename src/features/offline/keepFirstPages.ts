/**
 * The service worker takes control of a tab a moment after it first installs (it claims the tab):
 * whatever the tab loaded before that (the lesson a child opened right after her first sign-in, its
 * pictures) went past it and would be missing offline. Once the worker controls the tab, the lesson
 * answers and pictures the tab already loaded (its resource timings list them) and the runtime
 * configuration are asked for again through the worker, which keeps them as it keeps everything after.
 */
import { eventChannel, type EventChannel } from 'redux-saga';
import { call, take } from 'typed-redux-saga';
import { ignoreAnswer, portalCall } from '../../api/portalCall';
import { keepRuntimeConfig, savePicture } from '../../shared/offlineCaches';
import { isKeptAnswer, isKeptPicture } from '../../sw/cachePolicy';

/** The addresses among `loaded` that the worker keeps: answers (as paths on this site, for the API client) and pictures. */
export function keptAddresses(loaded: readonly string[], origin: string): { answers: string[]; pictures: string[] } {
  const answers = new Set<string>();
  const pictures = new Set<string>();
  for (const address of loaded) {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    if (isKeptAnswer(url)) answers.add(url.pathname + url.search);
    else if (isKeptPicture(url)) pictures.add(url.href);
  }
  return { answers: [...answers], pictures: [...pictures] };
}

/** A lesson answer asked for again with the session, through the worker (which keeps it). */
const askAgain = portalCall((path: string) => ({ method: 'GET', path }), ignoreAnswer);

const workerContainer = (): ServiceWorkerContainer | null => (typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null);

function controlChannel(container: ServiceWorkerContainer): EventChannel<true> {
  return eventChannel<true>((emit) => {
    const changed = () => emit(true);
    container.addEventListener('controllerchange', changed);
    // Taken over between the check and now: no event is coming.
    if (container.controller) queueMicrotask(changed);
    return () => container.removeEventListener('controllerchange', changed);
  });
}

function loadedAddresses(): string[] {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return [];
  return performance.getEntriesByType('resource').map((entry) => entry.name);
}

/** Runs in the offline chunk's saga: nothing to do for a tab the worker controlled from its start. */
export function* keepFirstPages() {
  const container = workerContainer();
  if (!container || container.controller) return;
  if (typeof performance !== 'undefined' && typeof performance.setResourceTimingBufferSize === 'function') performance.setResourceTimingBufferSize(1000);
  const channel = yield* call(controlChannel, container);
  try {
    yield* take(channel);
  } finally {
    channel.close();
  }
  try {
    yield* call(keepRuntimeConfig);
  } catch {
    // Not kept this time: the next page this tab opens online keeps it.
  }
  const { answers, pictures } = keptAddresses(yield* call(loadedAddresses), window.location.origin);
  for (const path of answers) {
    try {
      yield* call(askAgain, path);
    } catch {
      // Not kept this time (the connection went, the session ended): opened again online, it will be.
    }
  }
  for (const url of pictures) {
    try {
      yield* call(savePicture, url);
    } catch {
      // As above.
    }
  }
}
