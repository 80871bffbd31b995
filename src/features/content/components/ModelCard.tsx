import { useEffect, useRef } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { SHAKE_DURATION_MS } from '../../../shared/constants';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { selectUnlockUi, type ModelCardView } from '../contentSelectors';
import { contentActions } from '../contentSlice';
import { modelKey } from '../model/modelNames';
import { UnlockForm } from './UnlockForm';
import { FittedImage, Tile } from '../../../shared/ui/Layout';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';
import { ModelCode } from './ModelCode';
import { ClassUnlockButton } from '../classroom/ClassUnlockButton';
import { PrintQrLink } from '../modelQr/PrintQrLink';
import { ProgressBadge } from '../progress/ProgressBadge';
import { useMessages } from '../../../shared/i18n/messages';
import { modelListMessages } from '../content.messages';

const shake = keyframes`
  0%, 100% { transform: translateX(0); }
  10%, 30%, 50%, 70%, 90% { transform: translateX(-8px); }
  20%, 40%, 60%, 80% { transform: translateX(8px); }
`;

const ModelCardBox = styled(Tile)<{ $shaking: boolean }>`
  ${({ $shaking, theme }) =>
    $shaking &&
    css`
      border-top-color: ${theme.colors.danger};
      @media (prefers-reduced-motion: no-preference) {
        animation: ${shake} ${SHAKE_DURATION_MS}ms ease-in-out;
      }
    `}
`;

/**
 * The model's name, printed once: as the CMS's title colour image where there is one (the text
 * stays for screen readers and search), else as text that wraps and keeps its size.
 */
const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  text-align: center;
  overflow-wrap: anywhere;
  hyphens: auto;
`;

/**
 * A fixed box (the width/height attributes' 250 x 40, never wider than the card): the image's own
 * proportions would otherwise resize it, and centre it anew, when it arrives (CLS).
 */
const TitleImage = styled.img`
  display: block;
  width: 250px;
  max-width: 100%;
  height: 40px;
  margin: 0 auto;
  object-fit: contain;
`;

const Picture = styled.div`
  width: 100%;
  max-width: 280px;
`;

const Footer = styled.div`
  margin-block-start: auto;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  width: 100%;
`;

/**
 * Cards at these positions (1-based) can be in the first row above the fold, whose picture is the
 * page's largest contentful paint: their images load eagerly and first, the rest lazily.
 */
export const EAGER_CARD_POSITIONS = 4;

/**
 * One model of a program: title, title colour image, small picture and its links. A student's
 * locked card shows the code input instead of the link; franchise owners and administrators also see the code.
 */
export function ModelCard({ card, instructionsPath, position, program }: { card: ModelCardView; instructionsPath: string; position?: number; program?: { name: string; id: number } }) {
  const dispatch = useAppDispatch();
  const { lesson, access, code } = card;
  const ui = useAppSelector((state: Parameters<typeof selectUnlockUi>[0]) => selectUnlockUi(state, lesson.id));
  const inputRef = useRef<HTMLInputElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const wasLockedWithFocus = useRef(false);
  const t = useMessages(modelListMessages);

  // After an unlock the input disappears: keep a keyboard user's place by focusing the new link.
  useEffect(() => {
    if (access === 'locked') {
      const input = inputRef.current;
      const focused = () => {
        wasLockedWithFocus.current = true;
      };
      // Chromium blurs the input when the unlock removes it (relatedTarget null): that must not
      // count as leaving. Only focus moving to another element does.
      const blurred = (event: FocusEvent) => {
        if (event.relatedTarget !== null) wasLockedWithFocus.current = false;
      };
      input?.addEventListener('focus', focused);
      input?.addEventListener('blur', blurred);
      return () => {
        input?.removeEventListener('focus', focused);
        input?.removeEventListener('blur', blurred);
      };
    }
    if (wasLockedWithFocus.current) {
      wasLockedWithFocus.current = false;
      linkRef.current?.focus();
    }
    return undefined;
  }, [access]);

  const eager = position !== undefined && position <= EAGER_CARD_POSITIONS;
  const loading = eager ? 'eager' : 'lazy';
  // The first card's picture is the largest image above the fold in every layout (one column on a
  // phone, up to four on a desktop): it alone jumps the queue.
  const fetchPriority = position === 1 ? 'high' : 'auto';

  return (
    <ModelCardBox as="article" aria-labelledby={`model-${lesson.id}-title`} $shaking={ui.status === 'wrong'} data-testid={`model-card-${lesson.id}`} data-unlock-state={access === 'open' ? 'open' : ui.status}>
      <Title id={`model-${lesson.id}-title`} translate="no" dir="auto">
        {lesson.colorTitleImage ? (
          <>
            <VisuallyHidden>{lesson.title}</VisuallyHidden>
            <TitleImage src={lesson.colorTitleImage} alt="" loading={loading} width={250} height={40} />
          </>
        ) : (
          lesson.title
        )}
      </Title>
      <Picture>
        {lesson.smallImage ? (
          <FittedImage src={lesson.smallImage} alt={t.modelPicture({ title: lesson.title })} loading={loading} fetchPriority={fetchPriority} width={280} height={210} />
        ) : (
          <FittedImage as="div" aria-hidden="true" />
        )}
      </Picture>
      <Footer>
        {code && <ModelCode code={code} />}
        {code && <ClassUnlockButton lesson={lesson} />}
        {code && program && <PrintQrLink title={lesson.title} programName={program.name} programId={program.id} lessonId={lesson.id} />}
        {access === 'open' && <ProgressBadge lessonId={lesson.id} />}
        {access === 'open' ? (
          <ButtonLink ref={linkRef} to={instructionsPath} aria-label={t.buildingInstructionsFor({ title: lesson.title })}>
            {t.buildingInstructions}
          </ButtonLink>
        ) : (
          <UnlockForm
            modelTitle={lesson.title}
            ui={ui}
            inputRef={inputRef}
            onCodeChange={(value) =>
              dispatch(contentActions.unlockCodeChanged({ lessonId: lesson.id, modelName: modelKey(lesson.title), code: value }))
            }
          />
        )}
      </Footer>
    </ModelCardBox>
  );
}
