import styled from 'styled-components';
import type { ClassRecord } from '../../../contract/classes';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { Card } from '../../shared/ui/Card';
import { Facts } from '../../shared/ui/Facts';
import { classesMessages } from './classes.messages';
import { nextMeetingText, scheduleText } from './classTimes';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
`;

const ClassCard = styled(Card).attrs({ as: 'article' })`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  height: 100%;
  padding: ${({ theme }) => theme.space[4]}px;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    overflow-wrap: anywhere;
  }
`;

const Tag = styled.span`
  align-self: flex-start;
  padding: 0 ${({ theme }) => theme.space[2]}px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Actions = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space[2]}px;
`;

/** The classes as cards (one column on a phone); administrators also see each class's owner. */
export function ClassList({ classes, showOwner }: { classes: ClassRecord[]; showOwner: boolean }) {
  const t = useMessages(classesMessages);
  const { language } = useFormatters();
  return (
    <List>
      {classes.map((record) => (
        <li key={record.id}>
          <ClassCard aria-labelledby={`class-${record.id}`}>
            <h2 id={`class-${record.id}`} translate="no">
              {record.name}
            </h2>
            {record.archived && <Tag>{t.archivedTag}</Tag>}
            <Facts>
              {showOwner && (
                <>
                  <dt>{t.owner}</dt>
                  <dd translate="no">{record.ownerName}</dd>
                </>
              )}
              <dt>{t.program}</dt>
              <dd translate="no">{record.programName}</dd>
              <dt>{t.when}</dt>
              <dd>{scheduleText(t, record)}</dd>
              {record.place !== '' && (
                <>
                  <dt>{t.place}</dt>
                  <dd translate="no">{record.place}</dd>
                </>
              )}
              <dt>{t.nextMeeting}</dt>
              <dd>
                {record.nextMeeting === null ? (
                  t.noMoreMeetings
                ) : (
                  // Written by Intl in the user's language, not a catalogue text.
                  <time dateTime={record.nextMeeting} translate="no">
                    {nextMeetingText(record.nextMeeting, language)}
                  </time>
                )}
              </dd>
              <dt>{t.students}</dt>
              <dd>{t.studentCount(record.students.length)}</dd>
            </Facts>
            <Actions>
              <ButtonLink to={paths.editClass.href({ classId: record.id })} $variant="secondary" aria-label={t.editLabel({ name: record.name })}>
                {t.edit}
              </ButtonLink>
            </Actions>
          </ClassCard>
        </li>
      ))}
    </List>
  );
}
