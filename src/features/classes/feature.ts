import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';

/** An owner's classes: groups of her students that meet on fixed weekdays at a place, for a program. */
export const classesFeature = defineFeature({
  name: 'classes',
  flows: () => import(/* webpackChunkName: "page-classes" */ './flows'),
  titles: { classes: 'Classes', newClass: 'New class', editClass: 'Edit class' },
  screens: [
    { path: paths.classes.pattern, access: 'owners', title: 'classes', page: () => import(/* webpackChunkName: "page-classes" */ './ClassesPage') },
    { path: paths.newClass.pattern, access: 'owners', title: 'newClass', page: () => import(/* webpackChunkName: "page-classes" */ './ClassFormPage') },
    { path: paths.editClass.pattern, access: 'owners', title: 'editClass', page: () => import(/* webpackChunkName: "page-classes" */ './ClassFormPage') },
  ],
});
