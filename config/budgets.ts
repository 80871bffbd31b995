/**
 * Gzipped JavaScript a route loads before it is usable. Each budget lists the named
 * chunk groups that route needs on top of the entry (which holds the layout): its page chunk and
 * what its first requests load. What comes after the page is usable (src/shared/pageLoad.ts: the
 * offline support, the terms check, the signed-out language select) is not counted; `npm run bench`
 * checks both lists in chromium.
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

/**
 * Signed-in pages also load the header's menu (chunk "header-menu"), which the login page never
 * shows, and the reader of the site's REST index (chunk "api-site-index"): a signed-in start looks
 * up the site's capabilities at once, as some first requests wait for them. Signed out, the lookup
 * waits until the page is usable (src/shared/pageLoad.ts).
 */
const SIGNED_IN = ['header-menu', 'api-site-index'];
const signedIn = (route: string, chunk: string, maxGzipKb = 200): RouteBudget => page(route, chunk, maxGzipKb, SIGNED_IN);

/**
 * Roster pages also load the roster's flows (its slices and sagas, chunk "roster-flows"), which
 * join the store before the page renders, and the roster's mappers (src/api, chunk "api-roster")
 * with their first request.
 */
const roster = (route: string, chunk: string): RouteBudget => page(route, chunk, 200, [...SIGNED_IN, 'roster-flows', 'api-roster']);

/** Content pages also load the content's flows (chunk "content-flows") and the page mappers (src/api, chunk "api-pages"). */
const content = (route: string, chunk: string): RouteBudget => page(route, chunk, 200, [...SIGNED_IN, 'content-flows', 'api-pages']);

/**
 * A page chunk no budget below names ("page-…", as every screen's chunk is called) gets this one,
 * as a signed-in page: a new feature's screen is checked without a line here.
 */
export const defaultPageBudget = (chunk: string): RouteBudget => signedIn(`${chunk} (its chunk)`, chunk);

export const routeBudgets: RouteBudget[] = [
  // 150 KB until the 25th feature: every feature's routes, paths and descriptor are in the entry
  // (about 70 bytes gzipped each), which the login page loads too. Discovering the signed-in routes
  // on the first navigation, out of the entry, is the way to give that room back.
  page('/ (login)', 'page-login', 151),
  content('/ (select program)', 'page-select-program'),
  page('/PasswordReset', 'page-password-reset'),
  page('/terms_of_use', 'page-terms'),
  roster('/students_list', 'page-students-list'),
  // The spec's date picker (react-datepicker with floating-ui and date-fns, its style sheet inside) alone is 49 KB of it;
  // the form's texts in three languages' catalogue keys add a little.
  signedIn('/sign_up_new_student', 'page-sign-up-student', 220),
  roster('/admin/Franchise_Owners_List', 'page-franchise-owners'),
  roster('/admin/all_students_list', 'page-all-students'),
  signedIn('/admin/sign_up_new_franchise', 'page-sign-up-franchise'),
  // A student's page and the audit log share one chunk; the bulk import has its own.
  roster('/students/:id', 'page-student'),
  signedIn('/students/import', 'page-student-import'),
  content('/building_instructions', 'page-building-instructions'),
  content('/lesson_plans', 'page-lesson-plans'),
  content('/select-model', 'page-select-model'),
  content('/select-model-lesson-plans', 'page-select-model-lesson-plans'),
  content('/model_building_instructions', 'page-gallery'),
  // The content studio (administrators): its screens and its calls, one chunk; its import screen has its own (page-studio-import).
  signedIn('/studio', 'studio'),
  signedIn('/account', 'page-account'),
];
