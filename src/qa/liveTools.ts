import type { QaTools } from './qaTools';

/**
 * The running app's QA tools (set once by src/app/bootstrap.tsx): the problem report takes its
 * action log from their recorder, and the QA inbox replays a report's log with them.
 */
let live: QaTools | null = null;

export function setLiveQaTools(tools: QaTools | null): void {
  live = tools;
}

export function liveQaTools(): QaTools | null {
  return live;
}

type ReplayListener = (logText: string) => void;
let replayListener: ReplayListener | null = null;

/** Opens the QA panel's replay on a log already in hand (the QA inbox's "Replay"): no file to download. */
export function requestReplay(logText: string): void {
  replayListener?.(logText);
}

/** The app's replay host (src/app/QaReplayHost.tsx) listens; the panel outlives the page that asked. */
export function onReplayRequested(next: ReplayListener): () => void {
  replayListener = next;
  return () => {
    if (replayListener === next) replayListener = null;
  };
}
