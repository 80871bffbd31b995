import { qaMessages } from './qa.messages';
import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch } from '../shared/storeHooks';
import { ActionLogError } from './logFormat';
import type { QaTools } from './qaTools';
import type { ReplayResult } from './replay';
import { qaStateReplaced } from './stateReplacement';

export const REPLAY_SPEEDS = [1, 2, 5, 10, 25] as const;

export interface ReplayControls {
  replay: ReplayResult<unknown> | null;
  /** 0 is the starting state; n is the state after action n. */
  step: number;
  playing: boolean;
  speed: number;
  error: string | null;
  load(text: string): Promise<void>;
  go(step: number): void;
  setPlaying(playing: boolean): void;
  setSpeed(speed: number): void;
}

/**
 * Replay in the browser: a loaded log is replayed once through the reducers, then each step
 * puts that step's state into the store (qa/stateReplaced), so the screens show it.
 */
export function useReplay(tools: QaTools): ReplayControls {
  const dispatch = useAppDispatch();
  const [replay, setReplay] = useState<ReplayResult<unknown> | null>(null);
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(REPLAY_SPEEDS[1]);
  const [error, setError] = useState<string | null>(null);

  const show = useCallback(
    (result: ReplayResult<unknown>, target: number) => {
      const clamped = Math.min(Math.max(0, Math.round(target)), result.states.length - 1);
      dispatch(qaStateReplaced(result.states[clamped] as Record<string, unknown>));
      setStep(clamped);
      return clamped;
    },
    [dispatch],
  );

  const load = useCallback(
    async (text: string) => {
      try {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new ActionLogError(qaMessages.get().notJson);
        }
        const result = await tools.replay(parsed);
        tools.silence();
        setError(null);
        setPlaying(false);
        setReplay(result);
        show(result, 0);
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : String(caught));
      }
    },
    [tools, show],
  );

  const go = useCallback((target: number) => void (replay && show(replay, target)), [replay, show]);

  useEffect(() => {
    if (!playing || !replay) return undefined;
    const timer = setTimeout(() => {
      // Stops on the last step, in the same render that shows it.
      if (show(replay, step + 1) >= replay.states.length - 1) setPlaying(false);
    }, 1000 / speed);
    return () => clearTimeout(timer);
  }, [playing, replay, step, speed, show]);

  return { replay, step, playing, speed, error, load, go, setPlaying, setSpeed };
}
