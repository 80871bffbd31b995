/**
 * What a finished import brought, waiting unpublished: "48 pages: 16 programs, 32 models", each
 * program with a box to choose it (its models go with it), Publish all, Publish chosen, and
 * Discard (after a question), which removes what the import made and nothing else.
 */
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { CONTENT_IDS } from '../../../../contract';
import type { StudioImportDraft, StudioImportReview } from '../../../../contract/studio';
import { useMessages } from '../../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { Button } from '../../../shared/ui/Button';
import { Message } from '../../../shared/ui/Message';
import { importActions } from '../importSlice';
import { Section } from './StudioLayout';
import { studioImportMessages } from '../studio.messages';
import { selectStudio, studioFailure } from '../studioSelectors';
import { SelectBox } from './BulkActions';
import { Bar, ConfirmDialog } from './StudioParts';

const Choices = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  ul {
    margin: 0 0 0 ${({ theme }) => theme.space[6]}px;
    padding: 0;
    list-style: disc inside;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** A page to choose: its box and name, and the kind of change after them (below them on a phone). */
const ChoiceLabel = styled(SelectBox)`
  flex-wrap: wrap;
  justify-content: flex-start;
  column-gap: ${({ theme }) => theme.space[2]}px;
  input {
    flex: none;
  }
`;

function useCountsLine(counts: StudioImportReview['counts']): string {
  const t = useMessages(studioImportMessages);
  const parts = { pages: t.reviewPages(counts.pages), programs: t.reviewPrograms(counts.programs), models: t.reviewModels(counts.models) };
  return counts.others > 0 ? t.reviewCountsWithOthers({ ...parts, others: t.reviewOthers(counts.others) }) : t.reviewCounts(parts);
}

function Choice({ page, label, live = false, checked, onChange, children }: { page: StudioImportDraft; label: string; live?: boolean; checked: boolean; onChange: (on: boolean) => void; children?: ReactNode }) {
  const t = useMessages(studioImportMessages);
  return (
    <li>
      <ChoiceLabel>
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <span translate="no">{label}</span>
        <small>({live ? t.programLive : page.change === 'new' ? t.changeNew : t.changeUpdate})</small>
      </ChoiceLabel>
      {children}
    </li>
  );
}

export function ImportReviewPanel() {
  const dispatch = useAppDispatch();
  const review = useAppSelector((state) => selectStudio(state).import.review);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const t = useMessages(studioImportMessages);
  const data = review.data;
  const countsLine = useCountsLine(data?.counts ?? { pages: 0, programs: 0, models: 0, others: 0 });
  if (review.status === 'idle') return null;
  if (!data) {
    if (review.status === 'loading') return <p role="status">{t.reviewLoading}</p>;
    return (
      <Message $tone="error" role="alert">
        <p>{t.reviewNotLoaded({ reason: studioFailure(review.error) })}</p>
      </Message>
    );
  }
  const choose = (id: number, on: boolean) => setChosen((before) => new Set(on ? [...before, id] : [...before].filter((x) => x !== id)));
  const waitingIds = new Set([...data.programs.map((p) => p.id), ...data.others.map((p) => p.id)]);
  const picked = [...chosen].filter((id) => waitingIds.has(id));
  const act = (action: 'publishAll' | 'publishChosen' | 'discard') => {
    dispatch(importActions.reviewActionRequested({ jobId: data.jobId, action, ...(action === 'publishChosen' ? { ids: picked } : {}) }));
    if (action === 'discard') setConfirming(false);
  };
  const otherName = (page: StudioImportDraft) => (page.id === CONTENT_IDS.termsPage ? t.termsPage : page.id === CONTENT_IDS.programsRoot ? t.programsPage : page.title);
  const { busy, outcome } = review;
  return (
    <Section as="section" aria-labelledby="import-review">
      <h2 id="import-review">{t.reviewTitle}</h2>
      <div aria-live="polite">
        {outcome && (
          <Message $tone={outcome.failed.length > 0 ? 'error' : 'success'} role={outcome.failed.length > 0 ? 'alert' : 'status'}>
            <p>{outcome.action === 'discard' ? t.discardedPages(outcome.done) : t.publishedPages(outcome.done)}</p>
            {outcome.failed.length > 0 && (
              <>
                <p>{t.notDoneHeading}</p>
                <ul>
                  {outcome.failed.map((failure) => (
                    <li key={failure.id}>{t.failureLine({ title: failure.title, reason: failure.reason })}</li>
                  ))}
                </ul>
              </>
            )}
          </Message>
        )}
        {review.error && (
          <Message $tone="error" role="alert">
            <p>{t.reviewNotDone({ reason: studioFailure(review.error) })}</p>
          </Message>
        )}
      </div>
      {data.counts.pages === 0 ? (
        <p>{t.reviewNothing}</p>
      ) : (
        <>
          <p>
            <strong>{countsLine}</strong>
          </p>
          <p>{t.reviewIntro}</p>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend>{t.chooseLegend}</legend>
            <Choices>
              {data.programs.map((program) => (
                <Choice key={program.id} page={program} label={program.title} live={!program.pending} checked={chosen.has(program.id)} onChange={(on) => choose(program.id, on)}>
                  {program.models.length > 0 && (
                    <details>
                      <summary>{t.modelsFollow(program.models.length)}</summary>
                      <ul translate="no">
                        {program.models.map((model) => (
                          <li key={model.id}>{model.title}</li>
                        ))}
                      </ul>
                    </details>
                  )}
                </Choice>
              ))}
              {data.others.map((page) => (
                <Choice key={page.id} page={page} label={otherName(page)} checked={chosen.has(page.id)} onChange={(on) => choose(page.id, on)} />
              ))}
            </Choices>
          </fieldset>
          <Bar>
            <Button type="button" onClick={() => act('publishAll')} disabled={busy !== null}>
              {busy === 'publishAll' ? t.publishing : t.publishAll}
            </Button>
            <Button type="button" $variant="secondary" onClick={() => act('publishChosen')} disabled={busy !== null || picked.length === 0}>
              {busy === 'publishChosen' ? t.publishing : t.publishChosen}
            </Button>
            <Button type="button" $variant="secondary" onClick={() => setConfirming(true)} disabled={busy !== null}>
              {busy === 'discard' ? t.discarding : t.discard}
            </Button>
          </Bar>
        </>
      )}
      {confirming && (
        <ConfirmDialog title={t.discardQuestion} confirmLabel={t.discard} busy={busy === 'discard'} onConfirm={() => act('discard')} onCancel={() => setConfirming(false)}>
          <p>{t.discardExplanation}</p>
        </ConfirmDialog>
      )}
    </Section>
  );
}
