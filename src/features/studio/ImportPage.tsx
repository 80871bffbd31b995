/** /studio/import: import a WordPress site's catalogue; the job's progress and its summary. */
import { useEffect, type FormEvent } from 'react';
import styled from 'styled-components';
import type { StudioImportJob } from '../../../contract/studio';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { LeaveGuard } from '../../shared/ui/LeaveGuard';
import { Message } from '../../shared/ui/Message';
import { Subtitle, Title } from '../../shared/ui/Text';
import { ImportReviewPanel } from './components/ImportReview';
import { ImportSitePrograms } from './components/ImportSitePrograms';
import { ProgressBar } from './components/StudioParts';
import { StudioFrame } from './components/StudioFrame';
import { importActions } from './importSlice';
import { Section } from './components/StudioLayout';
import { selectStudio, studioFailure } from './studioSelectors';
import { useMessages } from '../../shared/i18n/messages';
import { useFormatters } from '../../shared/i18n/formatting';
import { studioImportMessages } from './studio.messages';

const Numbers = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(8rem, 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
  margin: ${({ theme }) => theme.space[3]}px 0;
  div {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border-radius: ${({ theme }) => theme.radii.md};
    padding: ${({ theme }) => theme.space[3]}px;
  }
  dt {
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

const isHttpUrl = (url: string) => /^https?:\/\/[^\s/]+/.test(url.trim());
const statusWords = { queued: 'queued', running: 'running', finished: 'finished', failed: 'failed' } as const satisfies Record<StudioImportJob['status'], string>;

function JobView({ job }: { job: StudioImportJob }) {
  const { summary } = job;
  const t = useMessages(studioImportMessages);
  const format = useFormatters();
  return (
    <Section as="section" aria-labelledby="import-job">
      <h2 id="import-job">
        {t[statusWords[job.status]]}: <span translate="no">{job.url}</span>
      </h2>
      <ProgressBar value={job.status === 'finished' ? 1 : job.progress} label={t.progress} />
      <p aria-live="polite">{job.status === 'running' || job.status === 'queued' ? job.step || t.starting : job.finishedAt ? t.ended({ when: format.dateTime(new Date(job.finishedAt)) }) : ''}</p>
      <Numbers aria-label={t.summary}>
        <div>
          <dt>{t.created}</dt>
          <dd>{format.number(summary.created)}</dd>
        </div>
        <div>
          <dt>{t.updated}</dt>
          <dd>{format.number(summary.updated)}</dd>
        </div>
        <div>
          <dt>{t.skipped}</dt>
          <dd>{format.number(summary.skipped)}</dd>
        </div>
        <div>
          <dt>{t.failedCount}</dt>
          <dd>{format.number(summary.failed.length)}</dd>
        </div>
      </Numbers>
      {summary.failed.length > 0 && (
        <>
          <h3>{t.notImported}</h3>
          <ul>
            {summary.failed.map((failure, index) => (
              <li key={index} translate="no">
                <strong>{failure.what}</strong>: {failure.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

function ImportScreen() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectStudio).import;
  useEffect(() => void dispatch(importActions.opened()), [dispatch]);
  // After a reload the latest import (finished or not) shows with its summary; the others are listed.
  const shownJob = state.job ?? state.history[0] ?? null;
  const earlierJobs = state.history.filter((job) => job.id !== shownJob?.id);
  const t = useMessages(studioImportMessages);
  const format = useFormatters();
  const running = state.job !== null && (state.job.status === 'queued' || state.job.status === 'running');
  const urlError = state.url && !isHttpUrl(state.url) ? t.addressError : null;
  const url = state.url.trim();
  // With the site's programs listed, only the ticked ones are imported (all ticked: the whole site).
  const { site } = state;
  const listed = site.status === 'ready' && site.url === url && site.programs.length > 0;
  const noneChosen = listed && site.chosen.length === 0;
  // An address typed and not imported yet is lost by leaving (a reload empties it): once its import
  // has started it runs on without the page.
  const unsaved = url !== '' && url !== state.startedUrl;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isHttpUrl(url) || noneChosen) return;
    const some = listed && site.chosen.length < site.programs.length;
    dispatch(importActions.startRequested({ url, ...(some ? { programs: site.programs.filter((p) => site.chosen.includes(p.id)).map((p) => p.id) } : {}) }));
  };
  return (
    <>
      <Title>{t.title}</Title>
      <Subtitle>{t.subtitle}</Subtitle>
      <LeaveGuard unsaved={unsaved} saving={state.starting} />
      <form onSubmit={submit} noValidate style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}>
        <div style={{ flex: '1 1 18rem' }}>
          <TextField id="import-url" label={t.addressLabel} error={urlError} type="url" inputMode="url" value={state.url} placeholder={t.addressPlaceholder} onValueChange={(value) => dispatch(importActions.urlChanged(value))} />
        </div>
        <Button type="button" $variant="secondary" disabled={running || !isHttpUrl(url) || site.status === 'loading'} onClick={() => dispatch(importActions.siteProgramsRequested({ url }))}>
          {t.showPrograms}
        </Button>
        <Button type="submit" disabled={state.starting || running || !isHttpUrl(url) || noneChosen}>
          {state.starting ? t.starting : t.start}
        </Button>
      </form>
      <ImportSitePrograms disabled={running || state.starting} />
      {state.error && (
        <Message $tone="error" role="alert">
          <p>{running ? t.checkFailed({ reason: studioFailure(state.error) }) : t.notStarted({ reason: studioFailure(state.error) })}</p>
        </Message>
      )}
      {shownJob && <JobView job={shownJob} />}
      {shownJob?.status === 'finished' && state.review.jobId === shownJob.id && <ImportReviewPanel />}
      {!shownJob && state.historyStatus === 'loading' && <p role="status">{t.lookingForEarlier}</p>}
      {!shownJob && state.historyStatus === 'ready' && <p>{t.noImportYet}</p>}
      {earlierJobs.length > 0 && (
        <Section as="section" aria-labelledby="import-history">
          <h2 id="import-history">{t.earlierImports}</h2>
          <ul>
            {earlierJobs.map((job) => (
              <li key={job.id}>
                <span translate="no">{job.url}</span> —{' '}
                {t.historyLine({
                  status: t[statusWords[job.status]],
                  created: format.number(job.summary.created),
                  updated: format.number(job.summary.updated),
                  skipped: format.number(job.summary.skipped),
                  failed: format.number(job.summary.failed.length),
                })}
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}

export default function ImportPage() {
  return (
    <StudioFrame>
      <ImportScreen />
    </StudioFrame>
  );
}
