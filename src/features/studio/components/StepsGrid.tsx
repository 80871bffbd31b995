/** A tab's steps: each one's picture, its text in the chosen language, Replace and Delete; reordered by drag or keys. */
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { FileButton } from '../../../shared/ui/FileButton';
import { useAppDispatch } from '../../../shared/storeHooks';
import { TextField } from '../../../shared/ui/Field';
import { useMessages } from '../../../shared/i18n/messages';
import { isRightToLeft } from '../../../shared/i18n/i18n';
import type { StepDraft, TabDraft } from '../model/forms';
import { textIn, type TextLanguage } from '../model/texts';
import { studioActions } from '../studioSlice';
import { SmallButton, SortableList } from './SortableList';
import { useQueueUploads } from './Uploads';
import { studioEditorMessages, studioMessages } from '../studio.messages';
import { studioTextsMessages } from '../texts.messages';

const Thumb = styled.figure`
  margin: 0;
  flex: 1 1 100%;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  img {
    width: 100%;
    aspect-ratio: 4 / 3;
    object-fit: contain;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
  figcaption {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    overflow-wrap: anywhere;
  }
`;

const StepText = styled.div`
  flex: 1 1 100%;
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

function ReplaceStep({ modelId, tab, stepKey, place }: { modelId: number; tab: number; stepKey: string; place: number }) {
  const queue = useQueueUploads('image', { kind: 'step', id: modelId, tab, replaceKey: stepKey });
  const t = useMessages(studioEditorMessages);
  return (
    <FileButton>
      {t.replace}
      <input type="file" accept="image/*" aria-label={t.replaceStep({ number: place })} onChange={(event) => queue(Array.from(event.target.files ?? []).slice(0, 1))} />
    </FileButton>
  );
}

/**
 * The step's text in the chosen language. Another language's field shows the English as its
 * placeholder (what to translate) and is typed right to left in Hebrew.
 */
function StepTextField({
  modelId,
  tab,
  step,
  place,
  language,
  onFocused,
}: {
  modelId: number;
  tab: number;
  step: StepDraft;
  place: number;
  language: TextLanguage;
  /** Given: the field takes the focus (the browser scrolls the step into view), then says so. */
  onFocused?: () => void;
}) {
  const dispatch = useAppDispatch();
  const field = useRef<HTMLInputElement>(null);
  const focusNow = onFocused !== undefined;
  useEffect(() => {
    if (!focusNow) return;
    field.current?.focus();
    onFocused?.();
    // Once, as the step is first shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusNow]);
  const t = useMessages(studioTextsMessages);
  const english = step.description ?? '';
  const texts = { english, translations: step.descriptionTranslations ?? {} };
  const label = language === 'en' ? t.stepText({ number: place }) : t.stepTextIn({ number: place, language: language === 'he' ? t.hebrew : t.spanish });
  return (
    <StepText>
      <TextField
        ref={field}
        id={`step-text-${modelId}-${tab}-${step.key}-${language}`}
        label={label}
        error={null}
        value={textIn(texts, language)}
        maxLength={500}
        {...(language === 'en' ? {} : { lang: language, dir: isRightToLeft(language) ? 'rtl' : 'ltr', translate: 'no' as const, placeholder: english })}
        onValueChange={(text) => dispatch(studioActions.stepTextChanged({ id: modelId, tab, key: step.key, language, text }))}
      />
    </StepText>
  );
}

/** The step (1-based) whose text takes the focus as the grid is first shown (the editor was opened at it), and whom to tell once it has. */
export interface StepArrival {
  step: number;
  onFocused: () => void;
}

export function StepsGrid({ modelId, tab, draft, language, arrival = null }: { modelId: number; tab: number; draft: TabDraft; language: TextLanguage; arrival?: StepArrival | null }) {
  const dispatch = useAppDispatch();
  const t = useMessages(studioEditorMessages);
  const kinds = useMessages(studioMessages);
  if (draft.steps.length === 0) return <p>{t.noSteps}</p>;
  return (
    <SortableList
      grid
      items={draft.steps.map((step, index) => ({ ...step, id: step.key, label: t.stepLabel({ number: index + 1, name: step.name || t.image }) }))}
      label={kinds.kindStep}
      onReorder={(_ids, _previous, from, to) => dispatch(studioActions.stepsReordered({ id: modelId, tab, from, to }))}
    >
      {(step, index) => (
        <>
          <Thumb>
            <img src={step.thumbUrl} alt={t.stepAlt({ number: index + 1 })} loading="lazy" />
            <figcaption>
              {index + 1}. <span translate="no">{step.name}</span>
            </figcaption>
          </Thumb>
          <StepTextField modelId={modelId} tab={tab} step={step} place={index + 1} language={language} onFocused={arrival?.step === index + 1 ? arrival.onFocused : undefined} />
          <ReplaceStep modelId={modelId} tab={tab} stepKey={step.key} place={index + 1} />
          <SmallButton type="button" onClick={() => dispatch(studioActions.stepRemoved({ id: modelId, tab, key: step.key }))} aria-label={t.deleteStep({ number: index + 1 })}>
            {t.delete}
          </SmallButton>
        </>
      )}
    </SortableList>
  );
}
