/** A program's or model's published versions, newest first, each but the live one with "Put back this version". */
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { StudioPerson, StudioVersion } from '../../../../contract/studio';
import { useFormatters } from '../../../shared/i18n/formatting';
import { useMessages } from '../../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { Button } from '../../../shared/ui/Button';
import { Card } from '../../../shared/ui/Card';
import { Message } from '../../../shared/ui/Message';
import { EmptyState, LoadFailed, SkeletonBlock } from '../../../shared/ui/States';
import { studioHistoryMessages } from '../history.messages';
import { historyActions } from '../historySlice';
import { selectPageHistory, studioFailure } from '../studioSelectors';
import { ConfirmDialog } from './StudioParts';

const Panel = styled(Card)`
  margin: ${({ theme }) => theme.space[5]}px 0;
  h2 {
    margin-top: 0;
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
    padding: ${({ theme }) => theme.space[3]}px 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Line = styled.div`
  flex: 1 1 14rem;
  min-width: 0;
  overflow-wrap: anywhere;
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Live = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.leaf};
`;

export function HistoryPanel({ id }: { id: number }) {
  const dispatch = useAppDispatch();
  const history = useAppSelector((state) => selectPageHistory(state, id));
  const [asked, setAsked] = useState<StudioVersion | null>(null);
  const t = useMessages(studioHistoryMessages);
  const format = useFormatters();
  useEffect(() => void dispatch(historyActions.historyOpened({ id })), [dispatch, id]);
  // The question closes once the version is put back (or refused: the reason shows under the list).
  const busy = history?.busy ?? null;
  useEffect(() => {
    if (busy === null) setAsked(null);
  }, [busy]);

  const when = (version: StudioVersion) => format.dateTime(new Date(version.at));
  const who = (person: StudioPerson) => (person === null ? t.unknownPerson : person.name || t.someone);
  const byId = new Map(history?.versions.map((v) => [v.id, v]) ?? []);

  return (
    <Panel as="section" aria-labelledby={`history-${id}`}>
      <h2 id={`history-${id}`}>{t.history}</h2>
      <p>{t.historyHint}</p>
      {(!history || history.status === 'loading') && (
        <div aria-busy="true" role="status" aria-label={t.loadingHistory}>
          <SkeletonBlock $height={40} />
        </div>
      )}
      {history?.status === 'failed' && <LoadFailed what={t.historyWhat} error={history.error} onRetry={() => dispatch(historyActions.historyOpened({ id }))} />}
      {history?.status === 'ready' && history.versions.length === 0 && <EmptyState>{t.noVersions}</EmptyState>}
      {history?.status === 'ready' && history.versions.length > 0 && (
        <ol aria-label={t.history}>
          {history.versions.map((version) => {
            const from = version.restoredFrom === null ? undefined : byId.get(version.restoredFrom);
            return (
              <li key={version.id}>
                <Line>
                  <strong>{t.versionLine({ when: when(version), who: who(version.by) })}</strong>
                  <small translate="no">{version.title || t.noTitle}</small>
                  {from && <small>{t.putBackFrom({ when: when(from) })}</small>}
                </Line>
                {version.current ? (
                  <Live>{t.liveNow}</Live>
                ) : (
                  <Button type="button" $variant="secondary" disabled={busy !== null} aria-label={t.putBackNamed({ when: when(version) })} onClick={() => setAsked(version)}>
                    {t.putBack}
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {history?.failed && (
        <Message $tone="error" role="alert">
          <p>{t.notPutBack({ reason: studioFailure(history.failed) })}</p>
        </Message>
      )}
      {asked && (
        <ConfirmDialog
          title={t.putBackQuestion({ when: when(asked) })}
          confirmLabel={t.putBack}
          busy={busy !== null}
          onConfirm={() => dispatch(historyActions.putBackRequested({ id, versionId: asked.id }))}
          onCancel={() => setAsked(null)}
        >
          <p>{t.putBackExplanation}</p>
        </ConfirmDialog>
      )}
    </Panel>
  );
}
