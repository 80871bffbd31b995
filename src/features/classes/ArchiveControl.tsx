import styled from 'styled-components';
import type { ClassRecord } from '../../../contract/classes';
import { failureMessage } from '../../shared/failureMessage';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { Message } from '../../shared/ui/Message';
import { classesMessages } from './classes.messages';
import { classesActions, selectClasses } from './classesSlice';

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space[6]}px;
  padding-top: ${({ theme }) => theme.space[4]}px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]}px;
  p {
    margin: 0;
  }
`;

/** Archive (the class leaves the list and stops meeting) or restore it. */
export function ArchiveControl({ record }: { record: ClassRecord }) {
  const dispatch = useAppDispatch();
  const t = useMessages(classesMessages);
  const { archive } = useAppSelector(selectClasses);
  const working = archive.status === 'working';
  return (
    <Section aria-label={record.archived ? t.restore : t.archive}>
      <div aria-live="polite">{record.archived && <p>{t.archivedNote}</p>}</div>
      {archive.status === 'failed' && (
        <Message $tone="error" role="alert">
          <p>{t.archiveFailed({ reason: failureMessage(archive.error) })}</p>
        </Message>
      )}
      <Button
        type="button"
        $variant="secondary"
        aria-disabled={working || undefined}
        onClick={() => {
          if (!working) dispatch(classesActions.archiveRequested({ id: record.id, archived: !record.archived }));
        }}
      >
        {record.archived ? t.restore : t.archive}
      </Button>
    </Section>
  );
}
