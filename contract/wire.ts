/**
 * Wire shapes of the WordPress-style REST API (docs/spec/api-contract.md).
 * Both the app (src/) and the portal backend (server/) import this module through contract/index.ts,
 * so a change to the contract breaks the compile on both sides at once. It imports nothing.
 *
 * Types describe what may arrive: WordPress sends numbers from custom tables and post meta as
 * strings, post meta as arrays of strings, and some role lists as objects. The portal backend
 * sends the same shapes so that the app cannot tell the two apart.
 */

export type WireNumber = number | string;
/** Post meta as WordPress returns it: an array of strings whose first item is the value. A bare value is accepted too. */
export type WireMeta = string[] | string | number;
/** A list that older WordPress encodes as an object keyed by index, e.g. {"1":"student"}. */
export type WireList<T> = T[] | Record<string, T>;

export const API_PATHS = {
  /** The site's REST index: which namespaces and routes (with their methods) it serves. */
  restIndex: '/wp-json/',
  token: '/wp-json/jwt-auth/v1/token',
  validateToken: '/wp-json/jwt-auth/v1/token/validate',
  allStudents: '/wp-json/wl/v1/get_all_students_data',
  allUsers: '/wp-json/wl/v1/get_all_users_data',
  /** Each sign-up mails a parent: past the per-owner limit (100 in any hour) 429 too_many_sign_ups with Retry-After. */
  createStudent: '/wp-json/wl/v1/create_student',
  resetPassword: '/wp-json/wl/v1/reset_password',
  pages: '/wp-json/wp/v2/pages',
  page: (id: number | string) => `/wp-json/wp/v2/pages/${id}`,
  // portal backend additions (docs/spec/api-contract.md section 5)
  unlockLesson: '/wp-json/wl/v1/unlock_lesson',
  usersMe: '/wp-json/wp/v2/users/me',
  createFranchiseOwner: '/wp-json/wl/v1/create_franchise_owner',
} as const;

/** Fixed content ids (docs/spec/portal-spec.md sections 7 and 9, docs/spec/demo-data.md). */
export const CONTENT_IDS = {
  termsPage: 51,
  programsRoot: 127,
  playMachines1: 130,
  playMachines2: 167,
  teacherTraining: 7767,
  kitContentsLesson: 793,
} as const;

export const PROGRAM_PAGE_SIZE = 100;

/** WordPress REST error object; the HTTP status equals data.status. */
export interface WpError {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string>; [key: string]: unknown };
}

// ---- jwt-auth ----------------------------------------------------------------------------

export interface TokenRequestBody {
  username: string;
  password: string;
}

export interface TokenResponse {
  token: string;
  user_email: string;
  user_nicename: string;
  user_display_name: string;
  /** This site's addition: the public JWT plugin sends neither user_id nor user_roles. */
  user_id?: WireNumber;
  user_roles?: WireList<string>;
  /** This site's addition too: the user's language (users/me `locale`), so signing in needs no second call. */
  user_locale?: string;
}

// ---- the REST index (GET /wp-json/) --------------------------------------------------------

export interface WireRestRoute {
  namespace: string;
  /** e.g. ["POST"], ["GET","POST","PUT","PATCH","DELETE"] */
  methods: string[];
  endpoints: { methods: string[] }[];
}

export interface WireRestIndex {
  namespaces: string[];
  /** Keyed by the route without /wp-json, e.g. "/wl/v1/unlock_lesson", "/wp/v2/pages/(?P<id>[\\d]+)". */
  routes: Record<string, WireRestRoute>;
}

export interface ValidateTokenResponse {
  code: 'jwt_auth_valid_token';
  data: { status: 200 };
}

// ---- wl/v1 custom endpoints --------------------------------------------------------------

export interface AuthKeyBody {
  AUTH_KEY: string;
}

export interface WireStudent {
  user_id: WireNumber;
  teacher_id: WireNumber;
  student_first_name: string;
  student_last_name: string;
  parent_name: string;
  parent_email: string;
  phone: string;
  program: string;
  /** YYYY-MM-DD */
  lessons_start_date: string;
  /** YYYY-MM-DD */
  lessons_end_date: string;
  number_of_lessons: WireNumber;
  /** The portal backend only (contract/lessons.ts): lessons used and left, as strings like number_of_lessons; a plain WordPress has neither. */
  lessons_used?: WireNumber;
  lessons_left?: WireNumber;
}

export type WireRole = 'franchise_owner' | 'student' | 'administrator' | 'admin' | string;

/** A person's details as get_all_users_data sends them and create_franchise_owner takes them. */
export interface WirePersonDetails {
  FirstName: string;
  LastName: string;
  Email: string;
  Country: string;
  State: string;
  Territory: string;
}

export interface WireUser extends WirePersonDetails {
  user_id: WireNumber;
  role: WireRole;
  /** The owner's id as text for students; "" otherwise. */
  teacher_id: WireNumber;
}

export interface CreateStudentBody extends AuthKeyBody {
  ParentName: string;
  StudentFirstName: string;
  StudentLastName: string;
  ParentEmail: string;
  Phone: string;
  Program: string;
  /** YYYY-MM-DD */
  LessonStartDate: string;
  /** YYYY-MM-DD */
  LessonEndDate: string;
  NumberOfLessons: WireNumber;
  TeacherId: WireNumber;
}

export type CreateStudentResponse = 'already_exists' | 'email_sent';

export interface ResetPasswordBody extends AuthKeyBody {
  user_email: string;
}

export interface ResetPasswordResponse {
  success: true;
  message: string;
}

export interface UnlockLessonBody extends AuthKeyBody {
  lesson_id: WireNumber;
  code: string;
}

export interface UnlockLessonResponse {
  unlocked: true;
  lesson_id: number;
}

/** The languages a user may choose, named as WordPress names a user's `locale` ('' in a body: none chosen). */
export const USER_LOCALES = ['en_US', 'he_IL', 'es_ES'] as const;
export type UserLocale = (typeof USER_LOCALES)[number];
export const isUserLocale = (value: unknown): value is UserLocale => (USER_LOCALES as readonly unknown[]).includes(value);

export interface UsersMeBody {
  meta?: { kit_on_header_clicked?: WireNumber };
  /** The user's language, as WordPress core's users/me takes it; context=edit answers it ('' none chosen). */
  locale?: UserLocale | '';
}

export interface CreateFranchiseOwnerBody extends AuthKeyBody, WirePersonDetails {
  /** Login name; derived from the e-mail when absent. */
  Username?: string;
}

export interface CreateFranchiseOwnerResponse {
  user_id: number;
  username: string;
  /** The sign-in details were mailed to the owner. */
  status: 'email_sent';
}

// ---- wp/v2 pages -------------------------------------------------------------------------

/**
 * The languages a model's texts may be given in beside English (the portal's other languages): a
 * tab's name is post meta lesson_N_tab_title_{language} beside lesson_N_tab_title, a step's text
 * is its gallery item's description_{language} beside description. Each is optional; a text absent
 * or '' in the reader's language reads in English, so a site without these keys shows what it did.
 */
export const CONTENT_TEXT_LANGUAGES = ['he', 'es'] as const;
export type ContentTextLanguage = (typeof CONTENT_TEXT_LANGUAGES)[number];
/** A text in the other languages; a language left out has none of its own. */
export type ContentTexts = Partial<Record<ContentTextLanguage, string>>;

export const isContentTextLanguage = (value: unknown): value is ContentTextLanguage => (CONTENT_TEXT_LANGUAGES as readonly unknown[]).includes(value);
/** Post meta of tab N's name: lesson_N_tab_title in English, lesson_N_tab_title_he in Hebrew. */
export const tabTitleMetaKey = (tab: number, language?: ContentTextLanguage): string => (language ? `lesson_${tab}_tab_title_${language}` : `lesson_${tab}_tab_title`);
/** A gallery item's key of the step's text in a language: description_he. */
export const descriptionKey = (language: ContentTextLanguage): `description_${ContentTextLanguage}` => `description_${language}`;

export interface Rendered {
  rendered: string;
}

/** An image field: a URL, or an ACF-style image object, or false when empty. */
export type WireImage = string | { url: string; width?: WireNumber; height?: WireNumber; alt?: string } | false | null;

export interface WireGalleryItem {
  original: string;
  thumbnail: string;
  /** Present for videos: the embed page URL. */
  embedUrl?: string;
  originalWidth?: WireNumber;
  originalHeight?: WireNumber;
  /** The step's text (the picture's text alternative), in English. */
  description?: string;
  /** The step's text in Hebrew and in Spanish (CONTENT_TEXT_LANGUAGES); absent or '' reads as description. */
  description_he?: string;
  description_es?: string;
  /**
   * Portal backend, for a step the content studio made (as WordPress puts srcset and sizes on an
   * <img>): its JPEG sizes as a srcset ("{url} 375w, {url} 750w, ..."), the same widths in WebP,
   * the sizes attribute for the gallery's layout, and the 160-px thumbnail in WebP. Every URL is
   * signed like `original`. Absent for seeded and imported images.
   */
  srcSet?: string;
  webpSrcSet?: string;
  sizes?: string;
  thumbnailWebp?: string;
}

export interface WirePageMeta {
  order?: WireMeta;
  hide?: WireMeta;
  title?: WireMeta;
  program_name?: WireMeta;
  lesson_password?: WireMeta;
  experimental_model?: WireMeta;
  lesson_plans_title?: WireMeta;
  lesson_plans_url?: WireMeta;
  lesson_0_videoid?: WireMeta;
  lesson_1_videoid?: WireMeta;
  lesson_2_videoid?: WireMeta;
  lesson_3_videoid?: WireMeta;
  lesson_4_videoid?: WireMeta;
  lesson_0_tab_title?: WireMeta;
  lesson_1_tab_title?: WireMeta;
  lesson_2_tab_title?: WireMeta;
  lesson_3_tab_title?: WireMeta;
  lesson_4_tab_title?: WireMeta;
  /** A tab's name in Hebrew and in Spanish (CONTENT_TEXT_LANGUAGES); absent or '' reads as lesson_N_tab_title. */
  lesson_0_tab_title_he?: WireMeta;
  lesson_1_tab_title_he?: WireMeta;
  lesson_2_tab_title_he?: WireMeta;
  lesson_3_tab_title_he?: WireMeta;
  lesson_4_tab_title_he?: WireMeta;
  lesson_0_tab_title_es?: WireMeta;
  lesson_1_tab_title_es?: WireMeta;
  lesson_2_tab_title_es?: WireMeta;
  lesson_3_tab_title_es?: WireMeta;
  lesson_4_tab_title_es?: WireMeta;
  /** Image count of the older gallery route's image set (content data, not a constant in code). */
  image_count?: WireMeta;
  /** Older gallery route: per-tab image counts and titles, JSON in a string. */
  image_tabs?: WireMeta;
  [key: string]: WireMeta | undefined;
}

export interface WireVideoFrame {
  url: string;
}

export interface WirePage {
  id: number;
  date: string;
  date_gmt?: string;
  modified?: string;
  slug: string;
  status: 'publish' | 'draft' | 'private' | string;
  type: 'page';
  link: string;
  title: Rendered;
  content: Rendered & { protected?: boolean };
  excerpt: Rendered & { protected?: boolean };
  parent: number;
  menu_order: number;
  metadata?: WirePageMeta;
  // program fields
  lego_long?: WireImage;
  program_logo?: WireImage;
  program_desktop_backgroung?: WireImage;
  program_mobile_backgroung?: WireImage;
  // lesson / model fields
  single_model_lego_color?: WireImage;
  small_image?: WireImage;
  program_name?: string;
  show_in_diffrent_tabs?: boolean | WireNumber | string[];
  /** Portal backend only, for a signed-in student: whether this student has unlocked the lesson. */
  unlocked?: boolean;
  /** Portal backend only, for a signed-in student: this program is the one her record names. */
  enrolled?: boolean;
  lesson_0_video_frame?: WireVideoFrame | string | false;
  lesson_1_video_frame?: WireVideoFrame | string | false;
  lesson_2_video_frame?: WireVideoFrame | string | false;
  lesson_3_video_frame?: WireVideoFrame | string | false;
  lesson_4_video_frame?: WireVideoFrame | string | false;
  lesson_0_gallery?: WireList<WireGalleryItem> | false;
  lesson_1_gallery?: WireList<WireGalleryItem> | false;
  lesson_2_gallery?: WireList<WireGalleryItem> | false;
  lesson_3_gallery?: WireList<WireGalleryItem> | false;
  lesson_4_gallery?: WireList<WireGalleryItem> | false;
  [key: string]: unknown;
}

/** Runtime configuration served by the backend as /portal-config.js (window.__PORTAL_CONFIG__). */
export interface PortalRuntimeConfig {
  /** Site the API lives on; '' means the same origin that served the app. */
  siteUrl: string;
  /** Shared key sent as AUTH_KEY in wl/v1 bodies. */
  authKey: string;
  supportEmail: string;
  cmsAdminUrl: string;
  /** What the backend adds beyond plain WordPress (docs/spec/api-contract.md section 5). */
  capabilities: {
    serverUnlock: boolean;
    userMeta: boolean;
    createFranchiseOwner: boolean;
    /** The content studio (contract/studio.ts); optional so that older configurations stay valid. */
    contentStudio?: boolean;
    /** Sign-in cards (contract/signInCards.ts); optional so that older configurations stay valid. */
    signInCards?: boolean;
    /** A parent's sign-in link (contract/family.ts); optional so that older configurations stay valid. */
    familySignIn?: boolean;
  };
  /** Idle minutes after which a session started from a sign-in card signs out (the portal backend says; default 15). */
  sharedDeviceIdleMinutes?: number;
  /** Shows the QA panel (action log download and replay). */
  qaPanel: boolean;
  /** Enables Redux DevTools in a production build. */
  devTools: boolean;
}
