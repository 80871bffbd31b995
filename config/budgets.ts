/**
 * Gzipped JavaScript a route loads before it is usable (issue 6). Each budget lists the named
 * chunk groups that route needs on top of the entry (which holds the layout): its page chunk.
 */
export interface RouteBudget {
  route: string;
  chunkGroups: string[];
  maxGzipKb: number;
}

const page = (route: string, chunk: string, maxGzipKb = 200, extra: string[] = []): RouteBudget => ({
  route,
  chunkGroups: [chunk, ...extra],
  maxGzipKb,
});

/** Signed-in pages also load the header's menu (chunk "header-menu"), which the login page never shows. */
const signedIn = (route: string, chunk: string, maxGzipKb = 200): RouteBudget => page(route, chunk, maxGzipKb, ['header-menu']);

/** Content pages also load the page mappers (src/api, chunk "api-pages") with their first request. */
const content = (route: string, chunk: string): RouteBudget => page(route, chunk, 200, ['header-menu', 'api-pages']);

export const routeBudgets: RouteBudget[] = [
  page('/ (login)', 'page-login', 150),
  content('/ (select program)', 'page-select-program'),
  page('/PasswordReset', 'page-password-reset'),
  page('/terms_of_use', 'page-terms'),
  signedIn('/students_list', 'page-students-list'),
  // The spec's date picker (react-datepicker with floating-ui and date-fns, its style sheet inside) alone is 49 KB of it;
  // the form's texts in three languages' catalogue keys add a little.
  signedIn('/sign_up_new_student', 'page-sign-up-student', 220),
  signedIn('/admin/Franchise_Owners_List', 'page-franchise-owners'),
  signedIn('/admin/all_students_list', 'page-all-students'),
  signedIn('/admin/sign_up_new_franchise', 'page-sign-up-franchise'),
  // A student's page and the audit log share one chunk (issue 16); the bulk import has its own.
  signedIn('/students/:id', 'page-student'),
  signedIn('/students/import', 'page-student-import'),
  content('/building_instructions', 'page-building-instructions'),
  content('/lesson_plans', 'page-lesson-plans'),
  content('/select-model', 'page-select-model'),
  content('/select-model-lesson-plans', 'page-select-model-lesson-plans'),
  content('/model_building_instructions', 'page-gallery'),
  // The content studio (administrators): its screens and its calls (chunk "api-studio").
  page('/studio', 'studio', 200, ['header-menu', 'api-studio']),
  signedIn('/account', 'page-account'),
];
