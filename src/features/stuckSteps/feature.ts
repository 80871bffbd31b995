import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';

/**
 * Where children get stuck (portal backend): the steps of the models most children stopped at or
 * pressed "I'm stuck" on, worst first, so that the office improves them in the content studio. A
 * franchise owner sees her own students'; an administrator everyone's, or one owner's.
 */
export const stuckStepsFeature = defineFeature({
  name: 'stuckSteps',
  flows: () => import(/* webpackChunkName: "page-stuck-steps" */ './flows'),
  titles: { stuckSteps: 'Where children get stuck' },
  screens: [
    {
      path: paths.stuckSteps.pattern,
      access: 'owners',
      title: 'stuckSteps',
      page: () => import(/* webpackChunkName: "page-stuck-steps" */ './StuckStepsPage'),
    },
  ],
});
