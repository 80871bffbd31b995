/** The administrators' setting on the studio's programs list: students see only their own program, or every program for students. */
import { useEffect } from 'react';
import { useMessages } from '../../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { Message } from '../../../shared/ui/Message';
import { audienceMessages } from '../audience.messages';
import { selectStudioSettings } from '../studioSelectors';
import { settingsActions } from '../settingsSlice';
import { Check, Section } from './StudioLayout';

export function StudentProgramsSetting() {
  const dispatch = useAppDispatch();
  const t = useMessages(audienceMessages);
  const { status, settings, saving, error } = useAppSelector(selectStudioSettings);
  useEffect(() => void dispatch(settingsActions.requested()), [dispatch]);
  return (
    <Section as="section" aria-labelledby="students-programs-setting" aria-busy={status === 'loading' || saving}>
      <h2 id="students-programs-setting">{t.settingsHeading}</h2>
      <Check>
        <input
          type="checkbox"
          aria-describedby="students-programs-hint"
          disabled={settings === null}
          checked={settings?.studentsSeeEnrolledProgramOnly ?? false}
          onChange={(event) => dispatch(settingsActions.changed({ studentsSeeEnrolledProgramOnly: event.target.checked }))}
        />{' '}
        {t.enrolledOnly}
      </Check>
      <p id="students-programs-hint">{t.enrolledOnlyHint}</p>
      {error && status === 'ready' && (
        <Message $tone="error" role="alert">
          <p>{t.settingsNotSaved}</p>
        </Message>
      )}
    </Section>
  );
}
