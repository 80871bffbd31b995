/**
 * /stuck_steps (owners and administrators, portal backend): the steps of the models where children
 * get stuck, worst first as the server orders them: each step's picture, model and program, how
 * many children reached it, stopped there and pressed "I'm stuck", and their median time on it. An
 * administrator filters by franchise owner (?owner=ID, so a reload keeps it) and opens a step in the
 * content studio to improve it. A table on wider screens; on a phone each step is a card.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import { STOPPED_AFTER_DAYS, type StuckStep } from '../../../contract/insights';
import { selectOwnerChoices } from '../../entities/roster/rosterListsSelectors';
import { selectUserRole } from '../../entities/session/sessionSelectors';
import { media } from '../../shared/breakpoints';
import { useFormatters, type Formatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { ownerIdFromSearch } from '../../shared/ownerFromSearch';
import { OWNER_QUERY } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { studioStepHref } from '../../shared/studioStep';
import { FormField } from '../../shared/ui/Field';
import { Page, SupportNote, Toolbar } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { EmptyState, LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { ScrollRegion, stackedOnPhone, Table, Td, Th, Tr } from '../../shared/ui/Table';
import { Subtitle, Title } from '../../shared/ui/Text';
import { VisuallyHidden } from '../../shared/ui/VisuallyHidden';
import { stuckStepsMessages } from './stuckSteps.messages';
import { selectStuckSteps } from './stuckStepsSelectors';
import { stuckStepsActions } from './stuckStepsSlice';

type Texts = ReturnType<typeof stuckStepsMessages.get>;

const THUMB_WIDTH = 96;
const THUMB_HEIGHT = 72;

const Filters = styled(Toolbar)`
  & > div {
    min-width: min(20rem, 100%);
  }
`;

/** On a phone each step is a card: its picture and names at the top, then its figures, each labelled. */
const StepsTable = styled(Table)`
  ${stackedOnPhone}
  td.step {
    white-space: normal;
  }
  ${media.mobile} {
    tr {
      padding: ${({ theme }) => theme.space[3]}px 0;
    }
    td.step {
      grid-template-columns: minmax(0, 1fr);
    }
    td.step::before {
      content: none;
    }
  }
`;

const StepHead = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  min-width: 16rem;
  ${media.mobile} {
    min-width: 0;
  }
  img,
  .no-picture {
    flex: none;
    width: ${THUMB_WIDTH}px;
    height: ${THUMB_HEIGHT}px;
    object-fit: contain;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

const Names = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  overflow-wrap: anywhere;
  .model {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  .program {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Seconds as minutes and seconds (hours and minutes past an hour), in the language on screen. */
function timeOnStep(t: Texts, { number }: Formatters, seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return t.seconds({ seconds: number(whole) });
  if (whole < 3600) return t.minutes({ minutes: number(Math.floor(whole / 60)), seconds: number(whole % 60) });
  return t.hours({ hours: number(Math.floor(whole / 3600)), minutes: number(Math.floor((whole % 3600) / 60)) });
}

function StepRow({ step, studioLink }: { step: StuckStep; studioLink: boolean }) {
  const t = useMessages(stuckStepsMessages);
  const formatters = useFormatters();
  const model = step.modelTitle;
  const picture = step.tabTitle ? t.pictureInTab({ model, tab: step.tabTitle, number: step.step }) : t.picture({ model, number: step.step });
  return (
    <Tr>
      <Td className="step" data-label={t.step}>
        <StepHead>
          {step.thumbnail ? <img src={step.thumbnail} alt={picture} width={THUMB_WIDTH} height={THUMB_HEIGHT} loading="lazy" /> : <span className="no-picture" aria-hidden="true" />}
          <Names>
            {/* The content's own names: shown as the studio has them, never translated. */}
            <span className="model" translate="no">
              {model}
            </span>
            <span className="program" translate="no">
              {step.programTitle}
            </span>
            <span>
              {step.tabTitle && (
                <>
                  <bdi translate="no">{step.tabTitle}</bdi>
                  {' · '}
                </>
              )}
              {t.stepNumber({ number: step.step })}
            </span>
          </Names>
        </StepHead>
      </Td>
      <Td data-label={t.reached}>{formatters.number(step.reached)}</Td>
      <Td data-label={t.stopped}>{formatters.number(step.stopped)}</Td>
      <Td data-label={t.stuck}>{step.stuckPresses === 0 ? t.noPresses : t.presses(step.stuckPresses)({ children: t.children(step.stuckChildren) })}</Td>
      <Td data-label={t.medianTime}>
        {step.medianSeconds === null ? (
          <>
            <span aria-hidden="true">—</span>
            <VisuallyHidden>{t.noTime}</VisuallyHidden>
          </>
        ) : (
          timeOnStep(t, formatters, step.medianSeconds)
        )}
      </Td>
      {studioLink && (
        <Td data-label={t.studio}>
          <Link to={studioStepHref(step.lessonId, step)} aria-label={t.openStepInStudio({ model, number: step.step })}>
            {t.openInStudio}
          </Link>
        </Td>
      )}
    </Tr>
  );
}

function StepsList({ steps, studioLink }: { steps: StuckStep[]; studioLink: boolean }) {
  const t = useMessages(stuckStepsMessages);
  return (
    <ScrollRegion $bounded={false} tabIndex={0} role="region" aria-label={t.steps}>
      <StepsTable>
        <thead>
          <tr>
            <Th scope="col">{t.step}</Th>
            <Th scope="col">{t.reached}</Th>
            <Th scope="col">{t.stopped}</Th>
            <Th scope="col">{t.stuck}</Th>
            <Th scope="col">{t.medianTime}</Th>
            {studioLink && <Th scope="col">{t.studio}</Th>}
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <StepRow key={`${step.lessonId}-${step.tabIndex}-${step.step}`} step={step} studioLink={studioLink} />
          ))}
        </tbody>
      </StepsTable>
    </ScrollRegion>
  );
}

export default function StuckStepsPage() {
  const dispatch = useAppDispatch();
  const t = useMessages(stuckStepsMessages);
  // The studio and the owner filter are the office's.
  const admin = useAppSelector(selectUserRole) === 'administrator';
  const owners = useAppSelector(selectOwnerChoices);
  const state = useAppSelector(selectStuckSteps);
  // useLocation and useNavigate rather than useSearchParams: the entry's copy of the router already has them.
  const { search } = useLocation();
  const navigate = useNavigate();
  const asked = useMemo(() => ownerIdFromSearch(search), [search]);
  const ownerId = admin ? asked : null;

  const load = useCallback(() => dispatch(stuckStepsActions.stepsRequested({ ownerId })), [dispatch, ownerId]);
  useEffect(() => {
    load();
  }, [load]);
  useEffect(() => {
    if (admin) dispatch(stuckStepsActions.ownersNeeded());
  }, [admin, dispatch]);

  const chooseOwner = (value: string) => {
    const next = new URLSearchParams(search);
    if (value === '') next.delete(OWNER_QUERY);
    else next.set(OWNER_QUERY, value);
    const text = next.toString();
    void navigate({ search: text === '' ? '' : `?${text}` });
  };

  // Only the steps asked for the owner in the address: another owner's wait for their own answer.
  const steps = state.ownerId === ownerId ? state.steps : { status: 'loading' as const };

  return (
    <Page aria-labelledby="stuck-title">
      <Title id="stuck-title">{t.title}</Title>
      <Subtitle>{t.intro}</Subtitle>
      {admin && (
        <Filters>
          <FormField id="stuck-owner" label={t.franchiseOwner} error={null}>
            <select id="stuck-owner" value={ownerId ?? ''} onChange={(event) => chooseOwner(event.target.value)}>
              <option value="">{t.allOwners}</option>
              {owners.map((owner) => (
                <option key={owner.id} value={String(owner.id)} translate="no">
                  {owner.label}
                </option>
              ))}
            </select>
          </FormField>
        </Filters>
      )}
      {steps.status === 'failed' ? (
        ownerId !== null && steps.error.status === 404 ? (
          <Message $tone="info">
            <p>{t.ownerNotFound}</p>
          </Message>
        ) : (
          <LoadFailed what={t.what} error={steps.error} onRetry={load} />
        )
      ) : steps.status !== 'ready' ? (
        <SkeletonBlock $height={240} role="status" aria-label={t.loading} />
      ) : steps.value.steps.length === 0 ? (
        <EmptyState>{ownerId === null ? t.noSteps : t.noStepsOfOwner}</EmptyState>
      ) : (
        <StepsList steps={steps.value.steps} studioLink={admin} />
      )}
      <SupportNote>{t.stoppedExplained({ days: STOPPED_AFTER_DAYS })}</SupportNote>
    </Page>
  );
}
