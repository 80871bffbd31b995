import styled from 'styled-components';
import { useAppSelector } from '../../../shared/storeHooks';
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
export function placeText(place: ModelPlace): string {
  if (place.finished) return 'Finished';
  const part = place.tabs > 1 ? `Part ${place.tabIndex + 1} · ` : '';
  return `In progress · ${part}Step ${place.step} of ${place.steps}`;
}

/** An open model's state on a student's card: new, in progress (where), or finished. */
export function ProgressBadge({ lessonId }: { lessonId: number }) {
  const tracked = useAppSelector(selectTrackedStudent) !== null;
  const ready = useAppSelector(selectProgressLoad).status === 'ready';
  const place = useAppSelector((state) => selectModelPlace(state, lessonId));
  if (!tracked || !ready) return null;
  if (!place) return <Badge $tone="new">New</Badge>;
  return <Badge $tone={place.finished ? 'finished' : 'going'}>{place.finished ? (
        <>
          <span aria-hidden="true">✓ </span>Finished
        </>
      ) : (
        placeText(place)
      )}</Badge>;
}
