/**
 * One child's card: program, models, lessons, next meeting, teacher, terms, and the child's data.
 * It shows only what the family's overview holds for this child: no other child's name.
 */
import { useState } from 'react';
import styled from 'styled-components';
import type { FamilyChild } from '../../../contract/family';
import { failureMessage } from '../../shared/failureMessage';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { Message } from '../../shared/ui/Message';
import { ChildModels } from './ChildModels';
import { ErasureRequest } from './ErasureRequest';
import { familyTexts } from './family.messages';
import { dayOf, meetingWhen, zonePlace } from './familyFormat';
import { familyActions, selectFamily } from './familySlice';
import { MessageForm } from './MessageForm';

const Box = styled(Card).attrs({ as: 'article', $accent: 'sun' })`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  h2 {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes.xl};
    overflow-wrap: anywhere;
  }
  h3 {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  p {
    margin: 0;
  }
`;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[2]}px;
  justify-items: start;
  > * {
    max-width: 100%;
  }
`;

const Meeting = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export function ChildCard({ child }: { child: FamilyChild }) {
  const dispatch = useAppDispatch();
  const t = useMessages(familyTexts);
  const formatters = useFormatters();
  const download = useAppSelector(selectFamily).downloads[child.studentId];
  const [writing, setWriting] = useState(false);
  const id = `child-${child.studentId}`;
  const { lessons, nextMeeting } = child;
  const number = formatters.number;

  return (
    <Box aria-labelledby={`${id}-name`} data-testid="family-child">
      <div>
        <h2 id={`${id}-name`}>
          <bdi translate="no">
            {child.firstName} {child.lastName}
          </bdi>
        </h2>
        <p>{child.program ? <bdi translate="no">{child.program}</bdi> : t.noProgram}</p>
      </div>
      <Section aria-labelledby={`${id}-models`}>
        <h3 id={`${id}-models`}>{t.models}</h3>
        <ChildModels models={child.models} />
      </Section>
      <Section aria-labelledby={`${id}-lessons`}>
        <h3 id={`${id}-lessons`}>{t.lessons}</h3>
        <p>{t.lessonsUsedLeft({ used: number(lessons.used), left: number(lessons.left), total: number(lessons.total) })}</p>
        {lessons.endDate && <p>{t.lessonsUntil({ date: formatters.date(dayOf(lessons.endDate)) })}</p>}
      </Section>
      <Section aria-labelledby={`${id}-meeting`}>
        <h3 id={`${id}-meeting`}>{t.nextMeeting}</h3>
        {nextMeeting ? (
          <>
            <Meeting>{t.meetingAt({ when: meetingWhen(nextMeeting.startsAt, formatters.language), zone: zonePlace(nextMeeting.timeZone) })}</Meeting>
            <p>
              <bdi translate="no">{[nextMeeting.className, nextMeeting.place].filter(Boolean).join(' · ')}</bdi>
            </p>
          </>
        ) : (
          <p>{t.noMeeting}</p>
        )}
      </Section>
      <Section aria-labelledby={`${id}-teacher`}>
        <h3 id={`${id}-teacher`}>{t.teacher}</h3>
        <p>
          <bdi translate="no">{child.teacher.name}</bdi>
        </p>
        {writing ? (
          <MessageForm studentId={child.studentId} teacher={child.teacher.name} onClose={() => setWriting(false)} />
        ) : (
          <Button type="button" $variant="secondary" onClick={() => setWriting(true)}>
            {t.writeToTeacher}
          </Button>
        )}
      </Section>
      <Section aria-labelledby={`${id}-terms`}>
        <h3 id={`${id}-terms`}>{t.terms}</h3>
        {child.termsAccepted.length === 0 ? (
          <p>{t.noTerms}</p>
        ) : (
          child.termsAccepted.map((terms) => <p key={`${terms.version}-${terms.acceptedAt}`}>{t.termsAccepted({ version: terms.version, date: formatters.date(new Date(terms.acceptedAt)) })}</p>)
        )}
      </Section>
      <Section aria-labelledby={`${id}-data`}>
        <h3 id={`${id}-data`}>{t.childData}</h3>
        <Button type="button" $variant="secondary" disabled={download?.status === 'sending'} onClick={() => dispatch(familyActions.downloadRequested({ studentId: child.studentId }))}>
          {download?.status === 'sending' ? t.downloading : t.download}
        </Button>
        {download?.status === 'sent' && (
          <Message $tone="success" role="status">
            <p>{t.downloaded}</p>
          </Message>
        )}
        {download?.status === 'failed' && (
          <Message $tone="error" role="alert">
            <p>{t.downloadFailed({ reason: failureMessage(download.error) })}</p>
          </Message>
        )}
        <ErasureRequest child={child} />
      </Section>
    </Box>
  );
}
