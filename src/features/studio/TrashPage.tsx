/** /studio/trash: deleted programs (with their models) and models, newest first, each with Restore, for 30 days. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { StudioTrashEntry } from '../../../contract/studio';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { Message } from '../../shared/ui/Message';
import { EmptyState, LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { Subtitle, Title } from '../../shared/ui/Text';
import { StudioFrame } from './components/StudioFrame';
import { studioHistoryMessages } from './history.messages';
import { historyActions } from './historySlice';
import { selectTrash, studioFailure } from './studioSelectors';

const Entry = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: ${({ theme }) => theme.space[3]}px 0;
  > div {
    flex: 1 1 14rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: ${({ theme }) => theme.space[1]}px 0 0;
  }
`;

export default function TrashPage() {
  return (
    <StudioFrame>
      <Trash />
    </StudioFrame>
  );
}

function Trash() {
  const dispatch = useAppDispatch();
  const trash = useAppSelector(selectTrash);
  const t = useMessages(studioHistoryMessages);
  useEffect(() => void dispatch(historyActions.trashRequested()), [dispatch]);

  return (
    <>
      <Title>{t.trash}</Title>
      <Subtitle>{t.trashHint}</Subtitle>
      <div aria-live="polite">
        {trash.restored && (
          <Message $tone="success">
            <p>
              {t.restoredNotice({ title: trash.restored.title || t.noTitle })}{' '}
              <Link to={trash.restored.kind === 'program' ? paths.studioProgram.href({ programId: trash.restored.id }) : paths.studioModel.href({ modelId: trash.restored.id })}>{t.openRestored}</Link>
            </p>
          </Message>
        )}
      </div>
      {trash.status === 'loading' && (
        <div aria-busy="true" role="status" aria-label={t.loadingTrash}>
          <SkeletonBlock $height={72} />
        </div>
      )}
      {trash.status === 'failed' && <LoadFailed what={t.trashWhat} error={trash.error} onRetry={() => dispatch(historyActions.trashRequested())} />}
      {trash.status === 'ready' && trash.entries.length === 0 && <EmptyState>{t.emptyTrash}</EmptyState>}
      {trash.entries.map((entry) => (
        <TrashEntry key={entry.id} entry={entry} />
      ))}
    </>
  );
}

function TrashEntry({ entry }: { entry: StudioTrashEntry }) {
  const dispatch = useAppDispatch();
  const { restoring, failed } = useAppSelector(selectTrash);
  const t = useMessages(studioHistoryMessages);
  const format = useFormatters();
  const title = entry.title || t.noTitle;
  const what = entry.kind === 'model' ? t.modelEntry({ program: entry.programTitle ?? '' }) : entry.models > 0 ? t.programEntry(entry.models) : t.programEntryAlone;
  return (
    <Entry as="section" aria-labelledby={`trash-${entry.id}`}>
      <div>
        <h2 id={`trash-${entry.id}`} translate={entry.title ? 'no' : undefined}>
          {title}
        </h2>
        <p>{what}</p>
        <p>{t.deletedLine({ when: format.dateTime(new Date(entry.trashedAt)), who: entry.by?.name || t.someone })}</p>
        <p>{t.purgeLine({ date: format.date(new Date(entry.purgeAt)) })}</p>
        {failed?.id === entry.id && (
          <Message $tone="error" role="alert">
            <p>{t.notRestored({ reason: studioFailure(failed.error) })}</p>
          </Message>
        )}
      </div>
      <Button type="button" disabled={restoring !== null} aria-label={t.restoreNamed({ title })} onClick={() => dispatch(historyActions.restoreRequested({ id: entry.id }))}>
        {restoring === entry.id ? t.restoring : t.restore}
      </Button>
    </Entry>
  );
}
