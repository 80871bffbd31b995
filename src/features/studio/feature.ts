import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';

/** The content studio: the office edits programs and models, uploads steps and imports a WordPress site. */
export const studioFeature = defineFeature({
  name: 'studio',
  flows: () => import(/* webpackChunkName: "studio" */ './flows'),
  titles: {
    contentStudio: 'Content studio',
    studioProgram: 'Program · Content studio',
    studioModel: 'Model · Content studio',
    studioImport: 'Import · Content studio',
  },
  screens: [
    { path: paths.studio.pattern, access: 'administrators', title: 'contentStudio', page: () => import(/* webpackChunkName: "studio" */ './StudioProgramsPage') },
    { path: paths.studioProgram.pattern, access: 'administrators', title: 'studioProgram', page: () => import(/* webpackChunkName: "studio" */ './ProgramEditorPage') },
    { path: paths.studioModel.pattern, access: 'administrators', title: 'studioModel', page: () => import(/* webpackChunkName: "studio" */ './ModelEditorPage') },
    // The import and its review are a screen of their own, so the studio's lists stay within their budget.
    { path: paths.studioImport.pattern, access: 'administrators', title: 'studioImport', page: () => import(/* webpackChunkName: "page-studio-import" */ './ImportPage') },
  ],
});
