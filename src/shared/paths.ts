/**
 * Every route of the portal, each spelled once as `{ pattern, href }`: the route table
 * (src/app/routes.tsx) uses `pattern`, every link and redirect uses `href`, so the two cannot drift.
 */

/** The `:name` segments of a pattern. */
type ParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamName<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<P extends string> = { readonly [K in ParamName<P>]: string | number };

export interface Route<P extends string, Args extends unknown[]> {
  readonly pattern: P;
  readonly href: (...args: Args) => string;
}

/** The pattern with its `:name` segments filled in, each URL-encoded. */
function fill<P extends string>(pattern: P, params: RouteParams<P>): string {
  const values = params as Readonly<Record<string, string | number>>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
}

type HrefArgs<P extends string> = [ParamName<P>] extends [never] ? [] : [params: RouteParams<P>];

function route<P extends string>(pattern: P): Route<P, HrefArgs<P>> {
  return { pattern, href: (...args: HrefArgs<P>) => fill(pattern, (args[0] ?? {}) as RouteParams<P>) };
}

/** The query parameter that says whose list an administrator opened: /students_list/Dana?owner=2. */
export const OWNER_QUERY = 'owner';

/** A route whose page belongs to one franchise owner; an administrator's link also names the owner's id. */
function ownerRoute<P extends '/students_list/:userName' | '/sign_up_new_student/:userName'>(pattern: P) {
  return {
    pattern,
    href: ({ userName, ownerId = null }: { userName: string; ownerId?: number | null }) =>
      fill(pattern, { userName } as RouteParams<P>) + (ownerId === null ? '' : `?${OWNER_QUERY}=${ownerId}`),
  };
}

/**
 * Both gallery routes share this shape, the page telling them apart by whether the last two segments
 * are numeric: modelBuildingInstructions, and the older '/model_building_instructions/{userName}/{programName}/{ModelName}',
 * which old links and bookmarks still open but the app no longer makes.
 */
const galleryPattern = '/model_building_instructions/:first/:second/:third';

export const paths = {
  home: route('/'),
  passwordReset: route('/PasswordReset'),
  termsOfUse: route('/terms_of_use'),
  studentsList: ownerRoute('/students_list/:userName'),
  signUpNewStudent: ownerRoute('/sign_up_new_student/:userName'),
  franchiseOwnersList: route('/admin/Franchise_Owners_List'),
  allStudentsList: route('/admin/all_students_list'),
  signUpNewFranchise: route('/admin/sign_up_new_franchise/:userName'),
  buildingInstructions: route('/building_instructions/:userName'),
  buildingInstructionsProgram: route('/building_instructions/:userName/:programName'),
  lessonPlans: route('/lesson_plans/:userName'),
  lessonPlansProgram: route('/lesson_plans/:userName/:programName'),
  selectModel: route('/select-model/:programName/:programId'),
  selectModelLessonPlans: route('/select-model-lesson-plans/:programName/:programId'),
  /** '/model_building_instructions/{programName}/{ProgramId}/{LessonsId}'. */
  modelBuildingInstructions: {
    pattern: galleryPattern,
    href: ({ programName, programId, lessonId }: { programName: string; programId: number; lessonId: number }) =>
      fill(galleryPattern, { first: programName, second: programId, third: lessonId }),
  },
  studio: route('/studio'),
  studioProgram: route('/studio/programs/:programId'),
  /** A model in the studio (shared/studioStep.ts: opened at one of its steps). */
  studioModel: route('/studio/models/:modelId'),
  studioPreview: route('/studio/preview/:pageId'),
  studioImport: route('/studio/import'),
  /** Deleted programs and models, restorable for 30 days. */
  studioTrash: route('/studio/trash'),
  /** One student's page (owners: their own; administrators: any): details, edits, sign-in, their data. */
  student: route('/students/:studentId'),
  /** Bulk import of students from CSV or Excel into an owner's roster (an administrator's link adds ?owner=). */
  importStudents: route('/students/import'),
  /** The administrators' audit log of roster changes. */
  auditLog: route('/admin/audit_log'),
  /** The office's page of one franchise owner: her details, her figures, deactivate and reactivate. */
  ownerAdmin: route('/admin/owners/:ownerId'),
  /** Where children get stuck: the steps most children stopped at or pressed "I'm stuck" on (owners: their own students'; administrators: ?owner=ID). */
  stuckSteps: route('/stuck_steps'),
  /** An owner's sign-in cards, which her students sign in with: print them, void one. */
  signInCards: route('/sign_in_cards'),
  /** A sign-in card's QR code opens it, with the token in the fragment (#token=…). */
  cardSignIn: route('/card-sign-in'),
  /** A model's printable QR code: it links to the model's page. */
  modelQr: route('/model_qr/:programName/:programId/:lessonId'),
  /** The live class view (owners: their own class; administrators add ?owner=ID). */
  classNow: route('/class-now'),
  /** An owner's classes (administrators: every owner's), a new one, and one to edit. */
  classes: route('/classes'),
  newClass: route('/classes/new'),
  editClass: route('/classes/:classId'),
  /** An owner's week of meetings (?week=YYYY-MM-DD, its Monday; administrators: every owner's), and one meeting: its attendance, move, cancel. */
  timetable: route('/timetable'),
  meeting: route('/timetable/meetings/:meetingId'),
  /** The students whose lessons run out soon: an owner's (administrators: everyone's, filtered by owner and country). */
  renewals: route('/renewals'),
  /** The office's monthly report per owner (?month=YYYY-MM). */
  monthlyReport: route('/admin/monthly_report'),
  /** The administrators' inbox: the problem reports users sent. */
  qaInbox: route('/admin/qa_inbox'),
  /** A parent's page: each of their children (contract/family.ts FAMILY_APP_PATHS, which mails link to). */
  family: route('/family'),
  /** A parent's sign-in: the form that asks for a link, and the link itself (the secret in the fragment). */
  familySignIn: route('/family/sign-in'),
  /** The summary mail's unsubscribe link (the secret in the fragment). */
  familyUnsubscribe: route('/family/unsubscribe'),
  /** The signed-in user's own account: change password. */
  account: route('/account'),
} as const;
