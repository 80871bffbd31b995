/**
 * A page as wp/v2/pages answers it (the API contract's section on content, contract/wire.ts
 * WirePage): the WordPress fields sent today, the custom fields the contract names (the spec's
 * entities and their fields, with their legacy spellings), `metadata` (post meta, each value a list
 * of strings) and a student's `unlocked`. Every field is optional, as `_fields` may keep any of them. Custom fields hold what the
 * CMS stored, so their values are taken as WordPress and ACF send them (a string, a number, false,
 * an object); within an object, only the keys named here.
 */
import { z } from 'zod';
import { CONTENT_TEXT_LANGUAGES, descriptionKey } from '../../../contract';
import { wireNumber } from './wire';

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const rendered = z.object({ rendered: z.string() });
const renderedText = z.object({ rendered: z.string(), protected: z.boolean() });

/** An image field: a URL, or ACF's image object, or false when empty. */
const image = z.union([z.object({ url: z.string(), width: wireNumber, height: wireNumber, alt: z.string() }).partial(), scalar]);

const galleryItem = z.union([
  z
    .object({
      original: z.string(),
      thumbnail: z.string(),
      embedUrl: z.string(),
      originalWidth: wireNumber,
      originalHeight: wireNumber,
      description: z.string(),
      ...Object.fromEntries(CONTENT_TEXT_LANGUAGES.map((language) => [descriptionKey(language), z.string()] as const)),
      srcSet: z.string(),
      webpSrcSet: z.string(),
      sizes: z.string(),
      thumbnailWebp: z.string(),
    })
    .partial(),
  scalar,
]);

/** A list, or older WordPress's object keyed by index, or false when empty. */
const gallery = z.union([z.array(galleryItem), z.record(z.string(), galleryItem), scalar]);
const videoFrame = z.union([z.object({ url: z.string() }).partial(), scalar]);

const TABS = [0, 1, 2, 3, 4];

export const wirePageAnswer = z
  .object({
    id: z.number(),
    date: z.string(),
    date_gmt: z.string(),
    guid: rendered,
    modified: z.string(),
    modified_gmt: z.string(),
    slug: z.string(),
    status: z.string(),
    type: z.string(),
    link: z.string(),
    title: rendered,
    content: renderedText,
    excerpt: renderedText,
    author: z.number(),
    featured_media: z.number(),
    parent: z.number(),
    menu_order: z.number(),
    comment_status: z.string(),
    ping_status: z.string(),
    template: z.string(),
    lego_long: image,
    program_logo: image,
    program_desktop_backgroung: image,
    program_mobile_backgroung: image,
    single_model_lego_color: image,
    small_image: image,
    program_name: scalar,
    show_in_diffrent_tabs: z.union([scalar, z.array(scalar)]),
    ...Object.fromEntries(TABS.flatMap((i) => [[`lesson_${i}_video_frame`, videoFrame] as const, [`lesson_${i}_gallery`, gallery] as const])),
    metadata: z.record(z.string(), z.array(z.string())),
    unlocked: z.boolean(),
    enrolled: z.boolean(),
  })
  .partial();

export const wirePagesAnswer = z.array(wirePageAnswer);
