/** /studio/import: import a WordPress site's catalogue; the job's progress and its summary. */
import { useEffect, type FormEvent } from 'react';
import styled from 'styled-components';
import type { StudioImportJob } from '../../../contract/studio';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { Message } from '../../shared/ui/Message';
import { Subtitle, Title } from '../../shared/ui/Text';
import { ProgressBar } from './components/StudioParts';
import { StudioFrame } from './components/StudioFrame';
import { importActions } from './importSlice';
import { Section } from './ProgramEditorPage';
import { selectStudio, studioFailure } from './studioSelectors';

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
const statusWords: Record<StudioImportJob['status'], string> = { queued: 'Waiting to start', running: 'Importing', finished: 'Finished', failed: 'Stopped with an error' };

function JobView({ job }: { job: StudioImportJob }) {
  const { summary } = job;
  return (
    <Section as="section" aria-labelledby="import-job">
      <h2 id="import-job">
        {statusWords[job.status]}: {job.url}
      </h2>
      <ProgressBar value={job.status === 'finished' ? 1 : job.progress} label="Import progress" />
      <p aria-live="polite">{job.status === 'running' || job.status === 'queued' ? job.step || 'Starting…' : job.finishedAt ? `Ended ${new Date(job.finishedAt).toLocaleString()}` : ''}</p>
      <Numbers aria-label="Summary">
        <div>
          <dt>Created</dt>
          <dd>{summary.created}</dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd>{summary.updated}</dd>
        </div>
        <div>
          <dt>Skipped (unchanged)</dt>
          <dd>{summary.skipped}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{summary.failed.length}</dd>
        </div>
      </Numbers>
      {summary.failed.length > 0 && (
        <>
          <h3>Not imported</h3>
          <ul>
            {summary.failed.map((failure, index) => (
              <li key={index}>
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
  const running = state.job !== null && (state.job.status === 'queued' || state.job.status === 'running');
  const urlError = state.url && !isHttpUrl(state.url) ? 'Type the site’s address, starting with https://' : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isHttpUrl(state.url)) return;
    dispatch(importActions.startRequested({ url: state.url.trim() }));
  };
  return (
    <>
      <Title>Import from WordPress</Title>
      <Subtitle>
        Reads the programs, models, lesson pages and their pictures from a WordPress site&apos;s public API. Running it again updates what changed and duplicates
        nothing; a model is imported whole or not at all.
      </Subtitle>
      <form onSubmit={submit} noValidate style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}>
        <div style={{ flex: '1 1 18rem' }}>
          <TextField id="import-url" label="WordPress site address" error={urlError} type="url" inputMode="url" value={state.url} placeholder="https://site.example" onValueChange={(url) => dispatch(importActions.urlChanged(url))} />
        </div>
        <Button type="submit" disabled={state.starting || running || !isHttpUrl(state.url)}>
          {state.starting ? 'Starting…' : 'Start'}
        </Button>
      </form>
      {state.error && (
        <Message $tone="error" role="alert">
          <p>{running ? `We could not check on the import just now (${studioFailure(state.error)}); it goes on, and this page keeps asking.` : `The import did not start: ${studioFailure(state.error)}`}</p>
        </Message>
      )}
      {shownJob && <JobView job={shownJob} />}
      {!shownJob && state.historyStatus === 'loading' && <p role="status">Looking for earlier imports…</p>}
      {!shownJob && state.historyStatus === 'ready' && <p>No import has run yet.</p>}
      {earlierJobs.length > 0 && (
        <Section as="section" aria-labelledby="import-history">
          <h2 id="import-history">Earlier imports</h2>
          <ul>
            {earlierJobs.map((job) => (
              <li key={job.id}>
                {job.url} — {statusWords[job.status]} ({job.summary.created} created, {job.summary.updated} updated, {job.summary.skipped} skipped, {job.summary.failed.length} failed)
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
