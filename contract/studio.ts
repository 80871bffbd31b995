/**
 * Wire shapes of the content studio: the portal backend's administrator-only routes under
 * /wp-json/yo/v1/studio that create and edit programs, models (lessons) and their steps, keep edits
 * as drafts until they are published, upload media, and import a WordPress site's catalogue.
 * A plain WordPress site has none of these (the app offers the studio only where runtime
 * configuration says the backend has it, capabilities.contentStudio).
 *
 * Programs and models stay WordPress pages (docs/spec/api-contract.md section 4): the studio writes
 * the fields and post meta that wp/v2/pages serves, so every other screen reads studio content
 * unchanged. Media are named by their root-relative path in the media storage ("/progrmas/...");
 * answers add a signed URL to show them with.
 */
import type { ContentTexts } from './wire';

export const STUDIO_NAMESPACE = 'yo/v1';

export const STUDIO_PATHS = {
  /** GET: every program (hidden ones included) with its models, drafts applied: StudioCatalogue. */
  catalogue: '/wp-json/yo/v1/studio/programs',
  /** POST StudioProgramInput: a new program, as a draft (never published yet) → StudioProgram. */
  createProgram: '/wp-json/yo/v1/studio/programs',
  /** GET → StudioProgram; PUT StudioProgramInput saves the draft → StudioProgram; DELETE moves it and its models to the trash → { deleted: true }. */
  program: (id: number | string) => `/wp-json/yo/v1/studio/programs/${id}`,
  /** POST { ids }: the programs' order (metadata.order 1..n in this order), at once, no draft → StudioCatalogue. */
  programOrder: '/wp-json/yo/v1/studio/programs/order',
  /** POST StudioModelInput: a new model under the program, as a draft → StudioModel. */
  createModel: (programId: number | string) => `/wp-json/yo/v1/studio/programs/${programId}/models`,
  /** POST { ids }: the program's models in this order (main ones and experimental ones each numbered 1..n) → StudioProgram. */
  modelOrder: (programId: number | string) => `/wp-json/yo/v1/studio/programs/${programId}/models/order`,
  /** POST: a 4-digit code no other model of the program has → { code }. */
  generateCode: (programId: number | string) => `/wp-json/yo/v1/studio/programs/${programId}/code`,
  /** GET → StudioModel; PUT StudioModelInput saves the draft → StudioModel; DELETE moves it to the trash → { deleted: true }. */
  model: (id: number | string) => `/wp-json/yo/v1/studio/models/${id}`,
  /** POST: the draft becomes what everyone sees, at once (a new page gets status publish) → StudioProgram | StudioModel. */
  publish: (id: number | string) => `/wp-json/yo/v1/studio/pages/${id}/publish`,
  /** POST: drops the unpublished edits of a published page → StudioProgram | StudioModel. */
  discard: (id: number | string) => `/wp-json/yo/v1/studio/pages/${id}/discard`,
  /** GET: the page with its draft applied, shaped as wp/v2/pages/{id} answers a student who unlocked it (WirePage). */
  preview: (id: number | string) => `/wp-json/yo/v1/studio/pages/${id}/preview`,
  /** GET: the page's published versions, newest first → StudioHistory. */
  history: (id: number | string) => `/wp-json/yo/v1/studio/pages/${id}/history`,
  /** POST: the version becomes the page's published content (and a new version) → StudioProgram | StudioModel. */
  putBack: (id: number | string, versionId: number | string) => `/wp-json/yo/v1/studio/pages/${id}/history/${versionId}/put-back`,
  /** GET: deleted programs and models, newest first, until restored or purged after STUDIO_TRASH_DAYS → StudioTrash. */
  trash: '/wp-json/yo/v1/studio/trash',
  /** POST: a trash entry (a program with the models that went with it, or a model) back as it was → StudioProgram | StudioModel. */
  restore: (id: number | string) => `/wp-json/yo/v1/studio/trash/${id}/restore`,
  /** POST multipart/form-data, one file per request (field "file"): a step image → StudioImage; a .zip of images → StudioImage[] in name order. */
  uploadImages: '/wp-json/yo/v1/studio/media/images',
  /** POST multipart/form-data (field "file"): a lesson plan (PDF) or a video (MP4, WebM) → StudioFile. */
  uploadFile: '/wp-json/yo/v1/studio/media/files',
  /** POST StudioImportStartBody: starts importing a WordPress site's catalogue → StudioImportJob; GET → the latest jobs, newest first. */
  imports: '/wp-json/yo/v1/studio/imports',
  /** GET ?url=: the programs a WordPress site has, read through the server with the import's address rules → StudioImportSiteProgram[]. */
  importSitePrograms: '/wp-json/yo/v1/studio/import-site/programs',
  /** GET → StudioSettings; PUT StudioSettings → StudioSettings (administrators' portal-wide choices). */
  settings: '/wp-json/yo/v1/studio/settings',
  /** GET → StudioImportJob (poll for progress). */
  importJob: (id: number | string) => `/wp-json/yo/v1/studio/imports/${id}`,
  /** GET → StudioImportReview: what the import brought that waits, unpublished, for review. */
  importReview: (id: number | string) => `/wp-json/yo/v1/studio/imports/${id}/review`,
  /** POST StudioImportPublishBody: publishes all, or the chosen programs with their models → StudioImportOutcome. */
  importPublish: (id: number | string) => `/wp-json/yo/v1/studio/imports/${id}/publish`,
  /** POST: removes the pages the import created and the drafts it wrote, nothing else → StudioImportOutcome. */
  importDiscard: (id: number | string) => `/wp-json/yo/v1/studio/imports/${id}/discard`,
  /** POST StudioBulkBody: one action on several programs or models → StudioBulkOutcome. */
  bulk: '/wp-json/yo/v1/studio/pages/bulk',
} as const;

/** A stored file: its path in the media storage, and a signed URL that shows it to the caller. */
export interface StudioMedia {
  path: string;
  url: string;
}

/** One generated size of a step image. */
export interface StudioImageSize {
  width: number;
  /** WebP (or AVIF) at this width. */
  modern: StudioMedia;
  /** JPEG at this width, for browsers without the modern format. */
  jpeg: StudioMedia;
}

/**
 * A step image as the server stored it: metadata stripped, a thumbnail and responsive sizes made,
 * under /progrmas/studio/{folder}/: {width}.webp and {width}.jpg for each of STUDIO_LIMITS.stepWidths
 * (never wider than the upload; the largest slot holds the full width), thumb.webp and thumb.jpg.
 * Steps seeded or imported from WordPress have no sizes ([]).
 */
export interface StudioImage {
  /** The largest JPEG: what a gallery item's `original` names. */
  original: StudioMedia;
  /** What a gallery item's `thumbnail` names. */
  thumbnail: StudioMedia;
  sizes: StudioImageSize[];
  width: number;
  height: number;
  /** The uploaded file's name, to show in the studio. */
  name: string;
}

export interface StudioFile {
  path: string;
  url: string;
  name: string;
  type: string;
  bytes: number;
}

export type StudioStatus = 'draft' | 'publish';

/**
 * Who sees a program (its page's meta `audience`; meta `hide` is 1 exactly when hidden, as WordPress
 * readers know it): 'everyone' students and teachers; 'teachers' franchise owners and administrators,
 * never a student, not by its address either; 'hidden' only administrators (the studio).
 */
export type ProgramAudience = 'everyone' | 'teachers' | 'hidden';
export const PROGRAM_AUDIENCES: readonly ProgramAudience[] = ['everyone', 'teachers', 'hidden'];

/** What an editor fills in for a program. Images are media paths ('' for none). */
export interface StudioProgramInput {
  title: string;
  programName: string;
  audience: ProgramAudience;
  /** Each picture: '' for none, a stored file's path, or the link an imported program already has (kept as it is). */
  logo: string;
  longImage: string;
  desktopBackground: string;
  mobileBackground: string;
  /** Long description, HTML (sanitised by the server on save). */
  description: string;
}

export interface StudioProgram extends Omit<StudioProgramInput, 'logo' | 'longImage' | 'desktopBackground' | 'mobileBackground'> {
  id: number;
  order: number;
  /** audience is 'hidden'. */
  hidden: boolean;
  logo: StudioMedia | null;
  longImage: StudioMedia | null;
  desktopBackground: StudioMedia | null;
  mobileBackground: StudioMedia | null;
  /** 'draft': never published (nobody but administrators in the studio sees it). */
  status: StudioStatus;
  /** A published page with edits not yet published. */
  hasDraft: boolean;
  modified: string;
  models: StudioModelSummary[];
}

export interface StudioModelSummary {
  id: number;
  title: string;
  code: string;
  experimental: boolean;
  order: number;
  status: StudioStatus;
  hasDraft: boolean;
  stepCount: number;
  smallImage: StudioMedia | null;
}

/** A step as the editor sends it back: the paths and size of a StudioImage (or of a step it already had). */
export interface StudioStepInput {
  original: string;
  thumbnail: string;
  width: number;
  height: number;
  /** The step's name as the office knows it (the uploaded file's name); kept with the step. */
  name?: string;
  /** The step's text in English (its gallery item's description); '' or absent for none. */
  description?: string;
  /** The step's text in Hebrew and Spanish (description_he, description_es). */
  descriptionTranslations?: ContentTexts;
}

/** One tab of a model's steps; a model has 1 to 5. */
export interface StudioTabInput {
  title: string;
  /** The tab's name in Hebrew and Spanish (meta lesson_N_tab_title_he, lesson_N_tab_title_es). */
  titleTranslations?: ContentTexts;
  /** Step images in order. */
  steps: StudioStepInput[];
  /** A video for the tab: an uploaded file's path or an embed URL (https://...); '' for none. */
  video: string;
}

export interface StudioModelInput {
  title: string;
  /** 4 digits, unique within the program. */
  code: string;
  experimental: boolean;
  titleImage: string;
  smallImage: string;
  lessonPlanTitle: string;
  /** An uploaded lesson plan's path or an https:// URL; '' for none. */
  lessonPlan: string;
  showInDifferentTabs: boolean;
  tabs: StudioTabInput[];
}

/**
 * A model's step: its picture, and its text in English ('' for none) and in the other languages it
 * was given in. The server always sends both texts; a reader takes a missing one as none.
 */
export interface StudioStep extends StudioImage {
  description?: string;
  descriptionTranslations?: ContentTexts;
}

export interface StudioTab {
  title: string;
  /** The tab's name in the other languages it was given in (always sent by the server). */
  titleTranslations?: ContentTexts;
  steps: StudioStep[];
  video: StudioMedia | { embedUrl: string } | null;
}

export interface StudioModel extends Omit<StudioModelInput, 'titleImage' | 'smallImage' | 'lessonPlan' | 'tabs'> {
  id: number;
  programId: number;
  order: number;
  titleImage: StudioMedia | null;
  smallImage: StudioMedia | null;
  lessonPlan: StudioMedia | { url: string } | null;
  tabs: StudioTab[];
  status: StudioStatus;
  hasDraft: boolean;
  modified: string;
}

/** Who did something in the studio; null when unknown (a page published before its history was kept). */
export type StudioPerson = { id: number; name: string } | null;

/** One published state of a program or model. */
export interface StudioVersion {
  id: number;
  /** ISO 8601 UTC */
  at: string;
  by: StudioPerson;
  title: string;
  /** The version this one put back; null for a publish. */
  restoredFrom: number | null;
  /** What everyone sees now (the newest version of a published page). */
  current: boolean;
}

export interface StudioHistory {
  pageId: number;
  versions: StudioVersion[];
}

/** Deleted pages stay this many days in the trash, then the retention job removes them for good. */
export const STUDIO_TRASH_DAYS = 30;

/** One deletion: a program (with the models that went with it) or a model. */
export interface StudioTrashEntry {
  id: number;
  kind: 'program' | 'model';
  title: string;
  /** A model's program; null for a program. */
  programTitle: string | null;
  /** The models that went with a program (0 for a model). */
  models: number;
  /** ISO 8601 UTC */
  trashedAt: string;
  by: StudioPerson;
  /** When the retention job removes it for good (ISO 8601 UTC). */
  purgeAt: string;
}

export interface StudioTrash {
  entries: StudioTrashEntry[];
}

/** The administrators' choices about who sees which program. */
export interface StudioSettings {
  /** A student sees only the program her record names (and none when it names no existing one). */
  studentsSeeEnrolledProgramOnly: boolean;
}

export interface StudioCatalogue {
  programs: StudioProgram[];
}

export interface StudioOrderBody {
  ids: number[];
}

export interface StudioImportBody {
  url: string;
}

/** Pages (programs, models, the terms page) created, updated, left alone as unchanged, and failed. */
export interface StudioImportSummary {
  created: number;
  updated: number;
  skipped: number;
  failed: { what: string; reason: string }[];
  /**
   * Media files: downloaded (new or changed; converted counts those whose bytes did not match their
   * name and were converted), unchanged, and skipped (left as links, e.g. on another host; why in notes).
   */
  media?: { downloaded: number; converted: number; unchanged: number; skipped: number };
  /** What was left as it was, and why (at most 50). */
  notes?: { what: string; reason: string }[];
}

/** What to import: a site, and only these of its programs (WordPress ids) with their models; every program when absent. */
export interface StudioImportStartBody {
  url: string;
  programs?: number[];
}

/** A program a WordPress site has, as the import screen lists it to choose from. */
export interface StudioImportSiteProgram {
  /** Its WordPress id. */
  id: number;
  title: string;
  /** How many models it has; null when the site did not say. */
  models: number | null;
}

/** A page an import brought, waiting for review: 'new' (created by the import) or 'update' (a new draft of a page that was there). */
export interface StudioImportDraft {
  id: number;
  title: string;
  change: 'new' | 'update';
}

export interface StudioImportDraftProgram extends StudioImportDraft {
  /** False when only its models wait (the program itself is live and unchanged). */
  pending: boolean;
  models: StudioImportDraft[];
}

/** What an import job brought that nobody sees until it is published: programs with their models, and other pages (the programs page, the terms). */
export interface StudioImportReview {
  jobId: number;
  site: string;
  programs: StudioImportDraftProgram[];
  others: StudioImportDraft[];
  counts: { pages: number; programs: number; models: number; others: number };
}

/** Publish chosen: program ids (their models follow) and other pages' ids; no ids: everything. */
export interface StudioImportPublishBody {
  ids?: number[];
}

/** What publishing or discarding did (pages), what could not be done and why, and what still waits. */
export interface StudioImportOutcome {
  done: number;
  failed: { id: number; title: string; reason: string }[];
  review: StudioImportReview;
}

export type StudioBulkAction = 'publish' | 'hide' | 'show' | 'unpublish' | 'delete';

export interface StudioBulkBody {
  action: StudioBulkAction;
  /** Programs or models (a mix is allowed). */
  ids: number[];
}

/** Each page on its own: those done, those refused with the server's reason, and the catalogue as it is now. */
export interface StudioBulkOutcome {
  done: number[];
  failed: { id: number; title: string; code: string; reason: string }[];
  catalogue: StudioCatalogue;
}

export interface StudioImportJob {
  id: number;
  url: string;
  status: 'queued' | 'running' | 'finished' | 'failed';
  /** 0..1 */
  progress: number;
  /** What it is doing now, for the progress line ("Play Machines 2: Lawn Mower, 12 of 51 images"). */
  step: string;
  summary: StudioImportSummary;
  startedAt: string;
  finishedAt: string | null;
}

/** Limits the server enforces on uploads, also shown by the studio before it sends a file. */
export const STUDIO_LIMITS = {
  imageBytes: 20 * 1024 * 1024,
  imagePixels: 50_000_000,
  fileBytes: 500 * 1024 * 1024,
  tabs: 5,
  /** Widths of the generated step sizes (the thumbnail is separate). */
  stepWidths: [375, 750, 1280],
  thumbnailWidth: 160,
} as const;

/**
 * How wide the gallery shows a step (its `sizes` attribute): the whole phone width up to the
 * gallery's 800-px breakpoint, else the sheet's 1100 px less its padding.
 */
export const STUDIO_SLIDE_SIZES = '(max-width: 800px) 100vw, 1068px';

/** What a new program starts as: only its title (and the program name made from it). */
export const emptyProgramInput = (title: string): StudioProgramInput => ({
  title,
  programName: title.replace(/[^A-Za-z0-9]+/g, ''),
  audience: 'everyone',
  logo: '',
  longImage: '',
  desktopBackground: '',
  mobileBackground: '',
  description: '',
});

/** What a new model starts as: one empty tab, no pictures, no code yet. */
export const emptyModelInput = (title: string, experimental: boolean): StudioModelInput => ({
  title,
  code: '',
  experimental,
  titleImage: '',
  smallImage: '',
  lessonPlanTitle: '',
  lessonPlan: '',
  showInDifferentTabs: false,
  tabs: [{ title: '', steps: [], video: '' }],
});
