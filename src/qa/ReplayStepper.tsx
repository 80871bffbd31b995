import styled from 'styled-components';
import type { ReplayResult } from './replay';
import { REPLAY_SPEEDS, type ReplayControls } from './useReplay';

/** A wrapping row of the panel's controls (QaPanel uses it too). */
export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
`;

const Current = styled.p`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  overflow-wrap: anywhere;
`;

/** Replay mode: the store shows the log's state at the chosen step; live sagas and network are silenced. */
export function ReplayStepper({ controls, replay }: { controls: ReplayControls; replay: ReplayResult<unknown> }) {
  const { step, playing, speed, go } = controls;
  const total = replay.log.actions.length;
  const entry = step > 0 ? replay.log.actions[step - 1] : undefined;
  return (
    <>
      <p style={{ margin: 0 }}>
        Replaying a log of {total} actions (portal {replay.log.appVersion}
        {replay.log.dropped > 0 ? `, ${replay.log.dropped} older actions were dropped` : ''}).
      </p>
      {replay.warnings.map((warning) => (
        <p key={warning} style={{ margin: 0 }}>
          {warning}
        </p>
      ))}
      <Current aria-live="polite" data-testid="qa-replay-step">
        {entry ? `Action ${step} of ${total}: ${entry.action.type}` : `Starting state (0 of ${total})`}
      </Current>
      <Row>
        <button type="button" onClick={() => go(step - 1)} disabled={step === 0}>
          Previous
        </button>
        <button type="button" onClick={() => go(step + 1)} disabled={step === total}>
          Next
        </button>
        <button type="button" onClick={() => controls.setPlaying(!playing)} disabled={!playing && step === total}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <label>
          Speed{' '}
          <select value={speed} onChange={(event) => controls.setSpeed(Number(event.target.value))}>
            {REPLAY_SPEEDS.map((value) => (
              <option key={value} value={value}>
                {value} actions/s
              </option>
            ))}
          </select>
        </label>
      </Row>
      <label>
        Jump to action{' '}
        <input type="number" min={0} max={total} value={step} onChange={(event) => event.target.value !== '' && go(Number(event.target.value))} />
      </label>
      <Row>
        <button type="button" onClick={() => window.location.reload()}>
          Exit replay
        </button>
      </Row>
    </>
  );
}
