/**
 * What the studio's editors hold while someone types: the inputs of contract/studio.ts, plus for
 * each step what the grid shows (its thumbnail's URL and file name) and a key that survives reordering.
 */
import type { StudioImage, StudioMedia, StudioModel, StudioModelInput, StudioProgram, StudioProgramInput, StudioStepInput } from '../../../../contract/studio';
import type { ContentTexts } from '../../../../contract/wire';
import { givenTranslations, withText, type TextLanguage } from './texts';

export interface StepDraft extends StudioStepInput {
  key: string;
  thumbUrl: string;
  name: string;
  /** The upload batch that brought it and its place there: a batch's steps stay in name order. */
  batch?: string;
  seq?: number;
}

export interface TabDraft {
  title: string;
  titleTranslations: ContentTexts;
  video: string;
  steps: StepDraft[];
}

export interface ModelForm extends Omit<StudioModelInput, 'tabs'> {
  tabs: TabDraft[];
}

export type ProgramForm = StudioProgramInput;
export type ProgramMediaField = 'logo' | 'longImage' | 'desktopBackground' | 'mobileBackground';
export type ModelMediaField = 'titleImage' | 'smallImage' | 'lessonPlan';

const pathOf = (media: StudioMedia | null) => media?.path ?? '';

export function programForm(program: StudioProgram): ProgramForm {
  return {
    title: program.title,
    programName: program.programName,
    audience: program.audience,
    logo: pathOf(program.logo),
    longImage: pathOf(program.longImage),
    desktopBackground: pathOf(program.desktopBackground),
    mobileBackground: pathOf(program.mobileBackground),
    description: program.description,
  };
}

let stepKeys = 0;
export const newStepKey = () => `step-${++stepKeys}`;

export function stepDraft(image: StudioImage, extra: Partial<StepDraft> = {}): StepDraft {
  return {
    key: newStepKey(),
    original: image.original.path,
    thumbnail: image.thumbnail.path,
    width: image.width,
    height: image.height,
    thumbUrl: image.thumbnail.url || image.original.url,
    name: image.name,
    ...extra,
  };
}

export function modelForm(model: StudioModel): ModelForm {
  const { lessonPlan } = model;
  return {
    title: model.title,
    code: model.code,
    experimental: model.experimental,
    titleImage: pathOf(model.titleImage),
    smallImage: pathOf(model.smallImage),
    lessonPlanTitle: model.lessonPlanTitle,
    lessonPlan: lessonPlan === null ? '' : 'path' in lessonPlan ? lessonPlan.path : lessonPlan.url,
    showInDifferentTabs: model.showInDifferentTabs,
    tabs: (model.tabs.length ? model.tabs : [{ title: '', titleTranslations: {}, steps: [], video: null }]).map((tab) => ({
      title: tab.title,
      titleTranslations: tab.titleTranslations ?? {},
      video: tab.video === null ? '' : 'embedUrl' in tab.video ? tab.video.embedUrl : tab.video.path,
      steps: tab.steps.map((step) => stepDraft(step, { description: step.description ?? '', descriptionTranslations: step.descriptionTranslations ?? {} })),
    })),
  };
}

/** A new tab: no name, no steps, no video. */
export const emptyTab = (): TabDraft => ({ title: '', titleTranslations: {}, video: '', steps: [] });

/** What the server is sent: the drafts without what only the grid needs. */
export function modelInput(form: ModelForm): StudioModelInput {
  return {
    ...form,
    tabs: form.tabs.map((tab) => ({
      title: tab.title,
      titleTranslations: givenTranslations(tab.titleTranslations),
      video: tab.video,
      // The step keeps the name it was uploaded with (the server would otherwise name it by its storage folder).
      steps: tab.steps.map(({ original, thumbnail, width, height, name, description, descriptionTranslations }) => ({
        original,
        thumbnail,
        width,
        height,
        ...(name ? { name } : {}),
        description: description?.trim() ?? '',
        descriptionTranslations: givenTranslations(descriptionTranslations),
      })),
    })),
  };
}

/** The step with its text in one language changed. */
export function stepWithText(step: StepDraft, language: TextLanguage, text: string): StepDraft {
  const texts = withText({ english: step.description ?? '', translations: step.descriptionTranslations ?? {} }, language, text);
  return { ...step, description: texts.english, descriptionTranslations: texts.translations };
}

/**
 * A finished upload's steps in the tab: a replacement takes the replaced step's place, key and
 * texts (the new picture shows the same step); others go in by their batch (insertBatchSteps).
 */
export function withUploadedSteps(steps: StepDraft[], added: StepDraft[], batch: string, seq: number, replaceKey?: string): StepDraft[] {
  if (!replaceKey) return insertBatchSteps(steps, added, batch, seq);
  const at = steps.findIndex((step) => step.key === replaceKey);
  const [picture] = added;
  if (at < 0 || !picture) return steps;
  const { description, descriptionTranslations } = steps[at]!;
  return steps.map((step, index) => (index === at ? { ...picture, key: replaceKey, description, descriptionTranslations } : step));
}

/**
 * Puts a finished upload's steps in the tab: among the steps of its own batch by their place in
 * it (uploads finish in any order), after the tab's other steps when it is the batch's first.
 */
export function insertBatchSteps(steps: StepDraft[], added: StepDraft[], batch: string, seq: number): StepDraft[] {
  const next = steps.findIndex((step) => step.batch === batch && (step.seq ?? 0) > seq);
  if (next >= 0) return [...steps.slice(0, next), ...added, ...steps.slice(next)];
  let last = -1;
  steps.forEach((step, index) => {
    if (step.batch === batch) last = index;
  });
  const at = last >= 0 ? last + 1 : steps.length;
  return [...steps.slice(0, at), ...added, ...steps.slice(at)];
}

/** Moves one item of a list to another index (the new order a drag or a key press asks for). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  if (item !== undefined) copy.splice(to, 0, item);
  return copy;
}

/** Natural name order (step2 before step10), the order a batch's files become steps in. */
export const byName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
