/** The administrators' setting on the studio's programs list: students see only their own program, or every program for students. */
import { useEffect } from 'react';
import styled from 'styled-components';
import { Card } from '../../../shared/ui/Card';
import { useMessages } from '../../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { Message } from '../../../shared/ui/Message';
import { audienceMessages } from '../audience.messages';
import { selectStudioSettings } from '../studioSelectors';
import { settingsActions } from '../settingsSlice';

const Section = styled(Card)`
  margin: ${({ theme }) => theme.space[5]}px 0;
  h2 {
    margin-top: 0;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]}px;
    min-height: ${({ theme }) => theme.touchTarget}px;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  input {
    width: 20px;
    height: 20px;
  }
`;

export function StudentProgramsSetting() {
  const dispatch = useAppDispatch();
  const t = useMessages(audienceMessages);
  const { status, settings, saving, error } = useAppSelector(selectStudioSettings);
  useEffect(() => void dispatch(settingsActions.requested()), [dispatch]);
  return (
    <Section as="section" aria-labelledby="students-programs-setting" aria-busy={status === 'loading' || saving}>
      <h2 id="students-programs-setting">{t.settingsHeading}</h2>
      <label>
        <input
          type="checkbox"
          aria-describedby="students-programs-hint"
          disabled={settings === null}
          checked={settings?.studentsSeeEnrolledProgramOnly ?? false}
          onChange={(event) => dispatch(settingsActions.changed({ studentsSeeEnrolledProgramOnly: event.target.checked }))}
        />{' '}
        {t.enrolledOnly}
      </label>
      <p id="students-programs-hint">{t.enrolledOnlyHint}</p>
      {error && status === 'ready' && (
        <Message $tone="error" role="alert">
          <p>{t.settingsNotSaved}</p>
        </Message>
      )}
    </Section>
  );
}
