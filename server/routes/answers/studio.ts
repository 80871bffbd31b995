/** The content studio's answers (contract/studio.ts): programs, models, uploads and import jobs. */
import { z } from 'zod';
import type { StudioBulkOutcome, StudioCatalogue, StudioFile, StudioHistory, StudioImage, StudioImportJob, StudioImportOutcome, StudioImportReview, StudioImportSiteProgram, StudioModel, StudioProgram, StudioStep, StudioTrash } from '../../../contract';
import { contentTexts } from './wire';

const media = z.object({ path: z.string(), url: z.string() });
const status = z.enum(['draft', 'publish']);

export const studioImage = z.object({
  original: media,
  thumbnail: media,
  sizes: z.array(z.object({ width: z.number(), modern: media, jpeg: media })),
  width: z.number(),
  height: z.number(),
  name: z.string(),
}) satisfies z.ZodType<StudioImage>;

const studioStep = studioImage.extend({ description: z.string(), descriptionTranslations: contentTexts }) satisfies z.ZodType<StudioStep>;

const modelSummary = z.object({
  id: z.number(),
  title: z.string(),
  code: z.string(),
  experimental: z.boolean(),
  order: z.number(),
  status,
  hasDraft: z.boolean(),
  stepCount: z.number(),
  smallImage: media.nullable(),
});

export const studioProgram = z.object({
  id: z.number(),
  title: z.string(),
  programName: z.string(),
  audience: z.enum(['everyone', 'teachers', 'hidden']),
  hidden: z.boolean(),
  description: z.string(),
  order: z.number(),
  logo: media.nullable(),
  longImage: media.nullable(),
  desktopBackground: media.nullable(),
  mobileBackground: media.nullable(),
  status,
  hasDraft: z.boolean(),
  modified: z.string(),
  models: z.array(modelSummary),
}) satisfies z.ZodType<StudioProgram>;

export const studioModel = z.object({
  id: z.number(),
  programId: z.number(),
  title: z.string(),
  code: z.string(),
  experimental: z.boolean(),
  lessonPlanTitle: z.string(),
  showInDifferentTabs: z.boolean(),
  order: z.number(),
  titleImage: media.nullable(),
  smallImage: media.nullable(),
  // A stored file first: its branch needs both path and url, an outside link has only url.
  lessonPlan: z.union([media, z.object({ url: z.string() })]).nullable(),
  tabs: z.array(z.object({ title: z.string(), titleTranslations: contentTexts, steps: z.array(studioStep), video: z.union([media, z.object({ embedUrl: z.string() })]).nullable() })),
  status,
  hasDraft: z.boolean(),
  modified: z.string(),
}) satisfies z.ZodType<StudioModel>;

export const studioCatalogue = z.object({ programs: z.array(studioProgram) }) satisfies z.ZodType<StudioCatalogue>;

/** Publishing and discarding answer the page as it is now: a program or a model (a model's answer names programId). */
export const studioPage = z.union([studioModel, studioProgram]);

export const studioDeleted = z.object({ deleted: z.literal(true) });

const person = z.object({ id: z.number(), name: z.string() }).nullable();

export const studioHistory = z.object({
  pageId: z.number(),
  versions: z.array(z.object({ id: z.number(), at: z.string(), by: person, title: z.string(), restoredFrom: z.number().nullable(), current: z.boolean() })),
}) satisfies z.ZodType<StudioHistory>;

export const studioTrash = z.object({
  entries: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(['program', 'model']),
      title: z.string(),
      programTitle: z.string().nullable(),
      models: z.number(),
      trashedAt: z.string(),
      by: person,
      purgeAt: z.string(),
    }),
  ),
}) satisfies z.ZodType<StudioTrash>;

export const studioCode = z.object({ code: z.string() });

export const studioSettings = z.object({ studentsSeeEnrolledProgramOnly: z.boolean() });

export const studioFile = z.object({ path: z.string(), url: z.string(), name: z.string(), type: z.string(), bytes: z.number() }) satisfies z.ZodType<StudioFile>;

/** One image, or a zip's images in name order. */
export const studioImages = z.union([z.array(studioImage), studioImage]);

const importNote = z.object({ what: z.string(), reason: z.string() });

export const studioImportJob = z.object({
  id: z.number(),
  url: z.string(),
  status: z.enum(['queued', 'running', 'finished', 'failed']),
  progress: z.number(),
  step: z.string(),
  summary: z.object({
    created: z.number(),
    updated: z.number(),
    skipped: z.number(),
    failed: z.array(importNote),
    media: z.object({ downloaded: z.number(), converted: z.number(), unchanged: z.number(), skipped: z.number() }).optional(),
    notes: z.array(importNote).optional(),
  }),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
}) satisfies z.ZodType<StudioImportJob>;

export const studioImportSiteProgram = z.object({ id: z.number(), title: z.string(), models: z.number().nullable() }) satisfies z.ZodType<StudioImportSiteProgram>;

const importDraft = z.object({ id: z.number(), title: z.string(), change: z.enum(['new', 'update']) });

export const studioImportReview = z.object({
  jobId: z.number(),
  site: z.string(),
  programs: z.array(importDraft.extend({ pending: z.boolean(), models: z.array(importDraft) })),
  others: z.array(importDraft),
  counts: z.object({ pages: z.number(), programs: z.number(), models: z.number(), others: z.number() }),
}) satisfies z.ZodType<StudioImportReview>;

export const studioImportOutcome = z.object({
  done: z.number(),
  failed: z.array(z.object({ id: z.number(), title: z.string(), reason: z.string() })),
  review: studioImportReview,
}) satisfies z.ZodType<StudioImportOutcome>;

export const studioBulkOutcome = z.object({
  done: z.array(z.number()),
  failed: z.array(z.object({ id: z.number(), title: z.string(), code: z.string(), reason: z.string() })),
  catalogue: studioCatalogue,
}) satisfies z.ZodType<StudioBulkOutcome>;
