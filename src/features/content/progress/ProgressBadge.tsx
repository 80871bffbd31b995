import styled from 'styled-components';
import { useAppSelector } from '../../../shared/storeHooks';
import { useMessages } from '../../../shared/i18n/messages';
import { progressMessages } from './progress.messages';
import { selectModelPlace, selectProgressLoad, selectTrackedStudent, type ModelPlace } from './progressSlice';

type Tone = 'new' | 'going' | 'finished';

/** A colour and a word each: the word alone carries the meaning. */
const Badge = styled.p<{ $tone: Tone }>`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[1]}px ${theme.space[3]}px`};
  border-radius: 999px;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.md};
  text-align: center;
  color: ${({ $tone, theme }) => ($tone === 'going' ? theme.colors.surface : $tone === 'finished' ? theme.colors.leaf : theme.colors.text)};
  background: ${({ $tone, theme }) => ($tone === 'going' ? theme.colors.accent : $tone === 'finished' ? theme.colors.successSurface : theme.colors.sun)};
  border: 2px solid ${({ $tone, theme }) => ($tone === 'going' ? theme.colors.accent : $tone === 'finished' ? theme.colors.leaf : theme.colors.sun)};
`;

/** "In progress · Step 4 of 12", with the part when the model has several: "In progress · Part 2 · Step 4 of 12". */
export function placeText(place: ModelPlace, t: ReturnType<typeof progressMessages.get>): string {
  if (place.finished) return t.finished;
  const where = { step: place.step, steps: place.steps };
  return place.tabs > 1 ? t.inProgressPart({ part: place.tabIndex + 1, ...where }) : t.inProgress(where);
}

/** An open model's state on a student's card: new, in progress (where), or finished. */
export function ProgressBadge({ lessonId }: { lessonId: number }) {
  const tracked = useAppSelector(selectTrackedStudent) !== null;
  const ready = useAppSelector(selectProgressLoad).status === 'ready';
  const place = useAppSelector((state) => selectModelPlace(state, lessonId));
  const t = useMessages(progressMessages);
  if (!tracked || !ready) return null;
  if (!place) return <Badge $tone="new">{t.new}</Badge>;
  return <Badge $tone={place.finished ? 'finished' : 'going'}>{place.finished ? (
        <>
          <span aria-hidden="true">✓ </span>
          {t.finished}
        </>
      ) : (
        placeText(place, t)
      )}</Badge>;
}
