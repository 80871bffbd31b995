import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';

/** Adding a class from a spreadsheet: the bulk import of students into an owner's roster. */
export const studentImportFeature = defineFeature({
  name: 'studentImport',
  // With the roster's flows, in one chunk, as the roster's lists come with it.
  flows: () => import(/* webpackChunkName: "page-student-import" */ './flows'),
  titles: { importStudents: 'Import students' },
  screens: [
    {
      path: paths.importStudents.pattern,
      access: 'owners',
      title: 'importStudents',
      // An administrator chooses the owner from the roster's lists, and an import makes them stale.
      joins: ['roster'],
      page: () => import(/* webpackChunkName: "page-student-import" */ './StudentImportPage'),
    },
  ],
});
