/**
 * Gzipped JavaScript a route loads before it is usable (issue 6). Each budget lists the named
 * chunk groups that route needs on top of the entry: the layout and its page chunk.
 */
export interface RouteBudget {
  route: string;
  chunkGroups: string[];
  maxGzipKb: number;
}

const page = (route: string, chunk: string, maxGzipKb = 200): RouteBudget => ({
  route,
  chunkGroups: ['layout', chunk],
  maxGzipKb,
});

export const routeBudgets: RouteBudget[] = [
  page('/ (login)', 'page-login', 150),
  page('/ (select program)', 'page-select-program'),
  page('/PasswordReset', 'page-password-reset'),
  page('/terms_of_use', 'page-terms'),
  page('/students_list', 'page-students-list'),
  page('/sign_up_new_student', 'page-sign-up-student'),
  page('/admin/Franchise_Owners_List', 'page-franchise-owners'),
  page('/admin/all_students_list', 'page-all-students'),
  page('/admin/sign_up_new_franchise', 'page-sign-up-franchise'),
  page('/building_instructions', 'page-building-instructions'),
  page('/lesson_plans', 'page-lesson-plans'),
  page('/select-model', 'page-select-model'),
  page('/select-model-lesson-plans', 'page-select-model-lesson-plans'),
  page('/model_building_instructions', 'page-gallery'),
];
