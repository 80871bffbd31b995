/**
 * Sends a problem report: the recorder's log (redacted for reports), the page's picture when the
 * user agreed, the app version, browser and screen size. Offline (or the server failing), the report
 * is saved in localStorage and sent when the browser is back online, at the next sign-in or start.
 */
import { eventChannel } from 'redux-saga';
import { call, fork, put, select, takeLeading } from 'typed-redux-saga';
import { REPORT_LIMITS, type ProblemReportInput } from '../../../contract/reports';
import { toApiError } from '../../api/errors';
import type { ApiError } from '../../api/types';
import { sendReport } from './api';
import { sessionActions } from '../../entities/session/sessionSlice';
import { selectUserId } from '../../entities/session/sessionSelectors';
import { liveQaTools } from '../../qa/liveTools';
import { APP_VERSION } from '../../qa/logFormat';
import { redactLogForReport } from '../../qa/reportRedaction';
import { failureMessage } from '../../shared/failureMessage';
import { REPORT_QUEUE_KEY } from '../../shared/problemReportRequests';
import { reportMessages } from './report.messages';
import { reportActions } from './reportSlice';
import { exportLog } from '../../qa/exportLog';

export interface QueuedReport {
  /** Sent only while this user is signed in (the report is theirs). */
  userId: number;
  body: ProblemReportInput;
}

export function readQueue(): QueuedReport[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(REPORT_QUEUE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedReport[]) : [];
  } catch {
    return [];
  }
}

/** False when the browser's storage is full. */
function writeQueue(queue: QueuedReport[]): boolean {
  try {
    if (queue.length === 0) localStorage.removeItem(REPORT_QUEUE_KEY);
    else localStorage.setItem(REPORT_QUEUE_KEY, JSON.stringify(queue));
    return true;
  } catch {
    return false;
  }
}

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** The program and lesson of the page the user is on, read from its address. */
export function pageContext(pathname: string): Pick<ProblemReportInput, 'program' | 'lessonId'> {
  const gallery = /^\/model_building_instructions\/([^/]+)\/\d+\/(\d+)/.exec(pathname);
  if (gallery) return { program: decodeURIComponent(gallery[1]!), lessonId: Number(gallery[2]) };
  const models = /^\/select-model(?:-lesson-plans)?\/([^/]+)\/\d+/.exec(pathname);
  if (models) return { program: decodeURIComponent(models[1]!) };
  return {};
}

const randomId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`);

/** Left out of the picture: the dialog's backdrop (its first child is the modal box), and what only shows without JavaScript. */
const leftOut = (node: Node) => node.nodeName === 'NOSCRIPT' || (node instanceof HTMLElement && node.firstElementChild?.getAttribute('aria-modal') === 'true');

/** A JPEG of the page, made smaller until it fits `budget` characters; undefined when it cannot. */
export async function takePicture(budget: number): Promise<string | undefined> {
  const { toJpeg } = await import(/* webpackChunkName: "html-to-image" */ 'html-to-image');
  const scale = Math.min(1, 1280 / Math.max(1, document.documentElement.clientWidth));
  for (const [ratio, quality] of [[1, 0.8], [0.7, 0.7], [0.5, 0.6], [0.35, 0.5]] as const) {
    const url = await toJpeg(document.body, { pixelRatio: ratio * scale, quality, skipFonts: true, backgroundColor: '#ffffff', filter: (node) => !leftOut(node) });
    if (url.length <= budget) return url;
  }
  return undefined;
}

/** Worth trying again later: nothing arrived, the server failed, or the session must be renewed first. */
const retriable = (error: ApiError) => error.kind === 'network' || error.kind === 'expired' || (error.kind === 'server' && error.status >= 500);

function sendFailure(error: ApiError): string {
  const t = reportMessages.get();
  if (error.status === 413) return t.tooLarge;
  if (error.status === 429) return t.tooMany;
  if (error.status === 400) return t.unreadable;
  return failureMessage(error);
}

function* send({ payload }: ReturnType<typeof reportActions.sendRequested>) {
  const userId = yield* select(selectUserId);
  const tools = liveQaTools();
  if (!tools || userId === null) {
    yield* put(reportActions.failed({ message: reportMessages.get().signInFirst }));
    return;
  }
  const body: ProblemReportInput = {
    note: payload.note,
    log: '',
    appVersion: APP_VERSION,
    userAgent: navigator.userAgent.slice(0, 500) || 'unknown',
    screen: `${Math.round(window.innerWidth)}x${Math.round(window.innerHeight)}`,
    ...pageContext(window.location.pathname),
    ...(payload.error ? { error: payload.error } : {}),
    clientId: randomId(),
  };
  // A long session may not fit in 1 MB: then only its newest actions go, from a state the recorder kept.
  for (const maxActions of [undefined, 2000, 500, 100, 0]) {
    body.log = JSON.stringify(redactLogForReport(exportLog(tools.recorder, { maxActions })));
    if (bytes(body) <= REPORT_LIMITS.bodyBytes - 4096) break;
  }
  if (payload.attachPicture) {
    // What is left of the 1 MB once the rest is in, with room for the JSON around it.
    const budget = REPORT_LIMITS.bodyBytes - bytes(body) - 4096;
    const picture = budget > 20_000 ? yield* call(() => takePicture(budget).catch(() => undefined)) : undefined;
    if (picture) body.screenshot = picture;
  }
  try {
    const receipt = yield* call(sendReport, body);
    yield* put(reportActions.sent({ reference: receipt.reference }));
  } catch (caught) {
    const error = toApiError(caught);
    if (!retriable(error)) {
      yield* put(reportActions.failed({ message: sendFailure(error) }));
      return;
    }
    const queue = readQueue();
    // A full storage may still take it without the picture.
    const saved = writeQueue([...queue, { userId, body }]) || writeQueue([...queue, { userId, body: { ...body, screenshot: undefined } }]);
    if (saved) yield* put(reportActions.queued({ waiting: queue.filter((q) => q.userId === userId).length + 1 }));
    else yield* put(reportActions.failed({ message: failureMessage(error) }));
  }
}

/** Sends the signed-in user's saved reports; keeps those that still cannot go. */
export function* flushQueue() {
  const userId = yield* select(selectUserId);
  const queue = readQueue();
  if (userId === null || !queue.some((q) => q.userId === userId)) return;
  const left: QueuedReport[] = [];
  const references: string[] = [];
  for (const item of queue) {
    if (item.userId !== userId) {
      left.push(item);
      continue;
    }
    try {
      references.push((yield* call(sendReport, item.body)).reference);
    } catch (caught) {
      // Refused for good (a 4xx other than the session's end): sending it again would not help.
      if (retriable(toApiError(caught))) left.push(item);
    }
  }
  writeQueue(left);
  yield* put(reportActions.queueFlushed({ waiting: left.filter((q) => q.userId === userId).length, references }));
}

function onlineEvents() {
  return eventChannel<true>((emit) => {
    const onOnline = () => emit(true);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  });
}

export function* reportSaga() {
  yield* takeLeading(reportActions.sendRequested, send);
  yield* takeLeading([sessionActions.loginSucceeded.type, sessionActions.tokenValidated.type], flushQueue);
  const online = yield* call(onlineEvents);
  yield* takeLeading(online, flushQueue);
  yield* fork(flushQueue);
}

