/**
 * The owner's calendar subscription: a secret address her calendar app reads the timetable from.
 * The address is shown once, when made (only a hash of it is kept); making a new one stops the old.
 */
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { failureMessage } from '../../shared/failureMessage';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { Input } from '../../shared/ui/Field';
import { Toolbar } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { LoadFailed } from '../../shared/ui/States';
import { timetableMessages } from './timetable.messages';
import { selectTimetable, timetableActions } from './timetableSlice';

const Panel = styled.section`
  margin-top: ${({ theme }) => theme.space[6]}px;
  padding-top: ${({ theme }) => theme.space[4]}px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
  }
  label {
    display: block;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const Address = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
  input {
    flex: 1 1 16rem;
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

export function CalendarFeedPanel() {
  const dispatch = useAppDispatch();
  const t = useMessages(timetableMessages);
  const { feed } = useAppSelector(selectTimetable);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    dispatch(timetableActions.feedRequested());
  }, [dispatch]);
  useEffect(() => setCopy('idle'), [feed.url]);

  const change = (on: boolean) => {
    if (!feed.working) dispatch(timetableActions.feedChangeRequested({ on }));
  };
  const copyAddress = async () => {
    try {
      await navigator.clipboard.writeText(feed.url ?? '');
      setCopy('copied');
    } catch {
      setCopy('failed');
      document.getElementById('calendar-feed-url')?.focus();
    }
  };

  const active = feed.feed?.active === true;
  if (feed.status === 'unavailable') return null;
  return (
    <Panel aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">{t.calendarTitle}</h2>
      <p>{t.calendarIntro}</p>
      {feed.status === 'failed' ? (
        <LoadFailed what={t.feedWhat} error={feed.error} onRetry={() => dispatch(timetableActions.feedRequested())} />
      ) : feed.status !== 'ready' ? null : (
        <>
          {feed.url && (
            <Message $tone="info">
              <label htmlFor="calendar-feed-url">{t.addressLabel}</label>
              <Address>
                <Input id="calendar-feed-url" readOnly value={feed.url} onFocus={(event) => event.target.select()} aria-describedby="calendar-feed-secret" translate="no" />
                <Button type="button" onClick={() => void copyAddress()}>
                  {t.copy}
                </Button>
              </Address>
              <p id="calendar-feed-secret">{t.secretNote}</p>
              <p aria-live="polite">{copy === 'copied' ? t.copied : copy === 'failed' ? t.copyFailed : ''}</p>
            </Message>
          )}
          {active && !feed.url && <p>{t.feedOn}</p>}
          {feed.error && (
            <Message $tone="error" role="alert">
              <p>{t.feedFailed({ reason: failureMessage(feed.error) })}</p>
            </Message>
          )}
          <Toolbar>
            <Button type="button" $variant={active ? 'secondary' : 'primary'} aria-disabled={feed.working || undefined} onClick={() => change(true)}>
              {active ? t.newAddress : t.subscribe}
            </Button>
            {active && (
              <Button type="button" $variant="secondary" aria-disabled={feed.working || undefined} onClick={() => change(false)}>
                {t.turnOff}
              </Button>
            )}
          </Toolbar>
        </>
      )}
    </Panel>
  );
}
