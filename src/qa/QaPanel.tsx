import { useEffect, useMemo, useRef, useSyncExternalStore, type ChangeEvent } from 'react';
import { useStore } from 'react-redux';
import styled from 'styled-components';
import { compareWithExpected } from './compare';
import type { QaTools } from './qaTools';
import type { ReplayResult } from './replay';
import { redactStateForReport } from './reportRedaction';
import { ReplayStepper, Row } from './ReplayStepper';
import { useReplay } from './useReplay';
import { useFormatters } from '../shared/i18n/formatting';
import { useMessages } from '../shared/i18n/messages';
import { qaMessages } from './qa.messages';
import { exportLog } from './exportLog';

const Panel = styled.section`
  position: fixed;
  inset-inline-start: ${({ theme }) => theme.space[3]}px;
  bottom: ${({ theme }) => theme.space[3]}px;
  z-index: ${({ theme }) => theme.zIndex.toast};
  width: min(360px, calc(100vw - 24px));
  max-height: calc(100vh - 24px);
  overflow: auto;
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  button,
  select,
  input {
    min-height: 32px;
    font: inherit;
  }
`;

const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

/** A saved log is plain JSON; file-saver is fetched only when someone downloads. */
async function downloadLog(tools: QaTools) {
  const log = exportLog(tools.recorder);
  const { saveAs } = await import(/* webpackChunkName: "file-saver" */ 'file-saver');
  const blob = new Blob([JSON.stringify(log, null, 2)], { type: 'application/json' });
  saveAs(blob, `action-log-${log.recordedAt.replace(/[:.]/g, '-')}.json`);
}

/** jsdom's Blob has no text(); FileReader works everywhere. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(qaMessages.get().unreadableFile));
    reader.readAsText(file);
  });
}

/**
 * Whether the replay ends where the reporter's portal was when the report was sent (the log's
 * finalState, redacted as the report's log is): the check the headless replay makes, on screen.
 */
function FinalStateCheck({ replay }: { replay: ReplayResult<unknown> }) {
  const t = useMessages(qaMessages);
  const comparison = useMemo(() => {
    const expected = replay.log.finalState;
    if (!expected) return null;
    const replayed = JSON.parse(JSON.stringify(redactStateForReport(replay.finalState))) as unknown;
    return compareWithExpected([replayed], expected, 3);
  }, [replay]);
  if (!comparison) return null;
  return (
    <p style={{ margin: 0 }} data-testid="qa-replay-final-check">
      {comparison.matches ? t.endsAlike : t.endsElsewhere({ paths: comparison.differences.map((d) => d.path).join(', ') })}
    </p>
  );
}

/**
 * The QA panel: action count, download, and replay of a downloaded log, or of `initialLog` (a
 * problem report's log from the QA inbox), replayed as soon as the panel opens.
 */
export default function QaPanel({ tools, onClose, initialLog }: { tools: QaTools; onClose: () => void; initialLog?: string }) {
  const store = useStore();
  const recorded = useSyncExternalStore(store.subscribe, tools.recorder.size);
  const dropped = useSyncExternalStore(store.subscribe, tools.recorder.dropped);
  const controls = useReplay(tools);
  const { load } = controls;
  const t = useMessages(qaMessages);
  const format = useFormatters();
  const loaded = useRef(false);
  useEffect(() => {
    if (initialLog === undefined || loaded.current) return;
    loaded.current = true;
    void load(initialLog);
  }, [initialLog, load]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) await controls.load(await readText(file));
  };

  return (
    <Panel aria-label={t.panel} role="region">
      <Row>
        <h2>{t.heading}</h2>
        {!controls.replay && (
          <button type="button" onClick={onClose} style={{ marginInlineStart: 'auto' }}>
            {t.close}
          </button>
        )}
      </Row>
      {controls.replay ? (
        <>
          <ReplayStepper controls={controls} replay={controls.replay} />
          {initialLog !== undefined && <FinalStateCheck replay={controls.replay} />}
        </>
      ) : (
        <>
          <p style={{ margin: 0 }}>{dropped > 0 ? t.recordedWithDropped(recorded)({ dropped: format.number(dropped) }) : t.recorded(recorded)}</p>
          <Row>
            <button type="button" onClick={() => void downloadLog(tools)}>
              {t.download}
            </button>
          </Row>
          <label>
            {t.replayLog} <input type="file" accept="application/json,.json" onChange={(event) => void onFile(event)} />
          </label>
        </>
      )}
      {controls.error && <Alert role="alert">{controls.error}</Alert>}
    </Panel>
  );
}
