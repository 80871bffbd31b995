import styled from 'styled-components';
import type { ReplayResult } from './replay';
import { REPLAY_SPEEDS, type ReplayControls } from './useReplay';
import { useFormatters } from '../shared/i18n/formatting';
import { useMessages } from '../shared/i18n/messages';
import { qaMessages } from './qa.messages';

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
  const t = useMessages(qaMessages);
  const format = useFormatters();
  const version = replay.log.appVersion;
  return (
    <>
      <p style={{ margin: 0 }}>
        {replay.log.dropped > 0 ? t.replayingWithDropped(total)({ version, dropped: format.number(replay.log.dropped) }) : t.replaying(total)({ version })}
      </p>
      {replay.warnings.map((warning) => (
        <p key={warning} style={{ margin: 0 }}>
          {warning}
        </p>
      ))}
      <Current aria-live="polite" data-testid="qa-replay-step">
        {entry ? t.action({ step: format.number(step), total: format.number(total), type: entry.action.type }) : t.startingState({ total: format.number(total) })}
      </Current>
      <Row>
        <button type="button" onClick={() => go(step - 1)} disabled={step === 0}>
          {t.previous}
        </button>
        <button type="button" onClick={() => go(step + 1)} disabled={step === total}>
          {t.next}
        </button>
        <button type="button" onClick={() => controls.setPlaying(!playing)} disabled={!playing && step === total}>
          {playing ? t.pause : t.play}
        </button>
        <label>
          {t.speed}{' '}
          <select value={speed} onChange={(event) => controls.setSpeed(Number(event.target.value))}>
            {REPLAY_SPEEDS.map((value) => (
              <option key={value} value={value}>
                {t.speedOption({ speed: value })}
              </option>
            ))}
          </select>
        </label>
      </Row>
      <label>
        {t.jumpTo}{' '}
        <input type="number" min={0} max={total} value={step} onChange={(event) => event.target.value !== '' && go(Number(event.target.value))} />
      </label>
      <Row>
        <button type="button" onClick={() => window.location.reload()}>
          {t.exit}
        </button>
      </Row>
    </>
  );
}
