import type { ApiClient } from '../../api/types';
import { defineFeature, type ScreenParams } from '../../shared/feature';
import { params } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import type * as ContentFlows from './flows';

const wholeNumber = (value: string | undefined): number | null => (value !== undefined && /^\d+$/.test(value) ? Number(value) : null);

/** A program's models: '/select-model/:programName/:programId' and '/select-model-lesson-plans/...'. */
const modelsPageData = ({ programId }: ScreenParams, api: ApiClient) => {
  const id = wholeNumber(programId);
  if (id === null) return null;
  // The reads start now, beside the content's code, not after it.
  api.askEarly(id);
  return (flows: typeof ContentFlows) => flows.modelsPageOpened({ programId: id });
};

/** Its screens' titles (apart from the feature: the gallery's title, a function, names their type). */
const titles = {
  buildingInstructions: 'Building Instructions',
  buildingInstructionsOf: params('Building Instructions: {programName}'),
  modelsOf: params('Models of {programName}'),
  lessonOfProgram: params('{lesson} · Building Instructions: {programName}'),
  lessonPlans: 'Lesson Plans',
  lessonPlansOf: params('Lesson Plans: {programName}'),
  lessonPlansModelsOf: params('Lesson Plans of {programName}'),
  printQr: 'Print QR',
};

/**
 * The programs, their models and the building instructions (students unlock a model with its code;
 * owners and administrators open all, with the lesson plans), and an owner's class tools. The
 * programs list itself is the signed-in home page (src/app/routes.tsx).
 */
export const contentFeature = defineFeature({
  name: 'content',
  flows: () => import(/* webpackChunkName: "content-flows" */ './flows'),
  titles,
  screens: [
    {
      path: paths.buildingInstructions.pattern,
      access: 'signedIn',
      title: 'buildingInstructions',
      page: () => import(/* webpackChunkName: "page-building-instructions" */ './BuildingInstructionsPage'),
    },
    {
      path: paths.buildingInstructionsProgram.pattern,
      access: 'signedIn',
      title: 'buildingInstructionsOf',
      page: () => import(/* webpackChunkName: "page-program-redirect" */ './ProgramRedirectPage'),
    },
    {
      path: paths.selectModel.pattern,
      access: 'signedIn',
      title: 'modelsOf',
      earlyData: modelsPageData,
      page: () => import(/* webpackChunkName: "page-select-model" */ './SelectModelPage'),
    },
    {
      path: paths.modelBuildingInstructions.pattern,
      access: 'signedIn',
      // The older route names the model; the newer one its program (and the lesson by id).
      title: (t: typeof titles, { first = '', second = '', third = '' }: ScreenParams) =>
        /^\d+$/.test(third) ? t.buildingInstructionsOf({ programName: first }) : t.lessonOfProgram({ lesson: third, programName: second }),
      // '/model_building_instructions/:programName/:programId/:lessonId' (not the older name-based route).
      earlyData: ({ second, third }, api) => {
        const programId = wholeNumber(second);
        const lessonId = wholeNumber(third);
        if (programId === null || lessonId === null) return null;
        api.askEarly(programId, lessonId);
        return (flows) => flows.galleryOpened({ programId, lessonId });
      },
      page: () => import(/* webpackChunkName: "page-gallery" */ './GalleryPage'),
    },
    {
      path: paths.lessonPlans.pattern,
      access: 'ownersElseInstructions',
      title: 'lessonPlans',
      page: () => import(/* webpackChunkName: "page-lesson-plans" */ './LessonPlansPage'),
    },
    {
      path: paths.lessonPlansProgram.pattern,
      access: 'ownersElseInstructions',
      title: 'lessonPlansOf',
      page: () => import(/* webpackChunkName: "page-program-redirect" */ './ProgramRedirectPage'),
    },
    {
      path: paths.selectModelLessonPlans.pattern,
      access: 'ownersElseInstructions',
      title: 'lessonPlansModelsOf',
      earlyData: modelsPageData,
      page: () => import(/* webpackChunkName: "page-select-model-lesson-plans" */ './SelectModelLessonPlansPage'),
    },
    {
      path: paths.modelQr.pattern,
      access: 'owners',
      title: 'printQr',
      page: () => import(/* webpackChunkName: "model-qr" */ './modelQr/ModelQrPage'),
    },
  ],
});
