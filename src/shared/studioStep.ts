/**
 * A model in the studio opened at one of its steps: which tab (0-based, as the model's gallery
 * counts them) and which step of it (1-based, as children count them), /studio/models/131?tab=1&step=3.
 * The editor shows that tab and takes the user to the step. Apart from shared/paths.ts: only the
 * pages that link to a step, and the studio, load it.
 */
import { paths } from './paths';

export const STUDIO_TAB_QUERY = 'tab';
export const STUDIO_STEP_QUERY = 'step';

export interface StudioStep {
  tabIndex: number;
  step: number;
}

export const studioStepHref = (modelId: number, { tabIndex, step }: StudioStep): string =>
  `${paths.studioModel.href({ modelId })}?${STUDIO_TAB_QUERY}=${tabIndex}&${STUDIO_STEP_QUERY}=${step}`;

/** The step an address names, or none. */
export function studioStepIn(search: string): StudioStep | null {
  const query = new URLSearchParams(search);
  const tabIndex = Number(query.get(STUDIO_TAB_QUERY) ?? '0');
  const step = Number(query.get(STUDIO_STEP_QUERY));
  return Number.isInteger(tabIndex) && tabIndex >= 0 && Number.isInteger(step) && step >= 1 ? { tabIndex, step } : null;
}
