/**
 * The rules a value of the API must meet (a one-line text, an e-mail address, a number as WordPress
 * sends it, a calendar date), as zod schemas: the routes check their input with them and the domain
 * checks rows it did not get from a route (the bulk import's files) with the same rules and messages.
 */
import { z } from 'zod';
import { CONTENT_TEXT_LANGUAGES, type ContentTexts } from '../../contract';

/** Control characters and the bidirectional overrides that can disguise text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Half of a surrogate pair without its other half: not Unicode, and no database can store it as given. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A one-line text: trimmed, 1..max characters, well-formed Unicode, no control characters and no markup (< >). */
export function text(max: number) {
  return z
    .string({ error: 'Must be a string.' })
    .trim()
    .min(1, 'Must not be empty.')
    .max(max, `Must be at most ${max} characters long.`)
    .refine((s) => !CONTROL_CHARS.test(s) && !/[<>]/.test(s), 'Must not contain control characters or < >.')
    .refine((s) => !LONE_SURROGATE.test(s), 'Must be valid Unicode text.');
}

/** Free text that may be empty (a tab's title, a step's text): '' or a text(max). */
export function optionalText(max: number) {
  return z.union([z.literal(''), text(max)], { error: `Must be a text of at most ${max} characters.` });
}

/**
 * The same text in the portal's other languages ({ he, es }, contract/wire.ts CONTENT_TEXT_LANGUAGES),
 * each optional and an optionalText(max); another key is refused. The result keeps only the
 * languages given a text.
 */
export function translatedTexts(max: number) {
  const shape = Object.fromEntries(CONTENT_TEXT_LANGUAGES.map((language) => [language, optionalText(max).optional()]));
  return z
    .strictObject(shape, { error: `Must be an object of texts by language (${CONTENT_TEXT_LANGUAGES.join(', ')}).` })
    .transform((given): ContentTexts => Object.fromEntries(Object.entries(given).filter(([, value]) => typeof value === 'string' && value !== '')));
}

/** Free input that is compared, never stored or shown (passwords, codes): only a length limit. */
export function secretText(max: number) {
  return z.string({ error: 'Must be a string.' }).max(max, `Must be at most ${max} characters long.`);
}

export function email() {
  return z
    .string({ error: 'Must be a string.' })
    .trim()
    .max(254, 'Must be at most 254 characters long.')
    .pipe(z.email({ error: 'Must be a valid email address.' }))
    .transform((s) => s.toLowerCase());
}

/** A number, or a numeric string as WordPress sends them. */
export function wireInt(min: number, max: number) {
  const message = 'Must be an integer.';
  return z
    .union([z.number({ error: message }), z.string({ error: message }).trim().regex(/^-?\d{1,15}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).min(min, `Must be at least ${min}.`).max(max, `Must be at most ${max}.`));
}

export const MAX_ID = 2_147_483_647;
export const id = () => wireInt(1, MAX_ID);

/** YYYY-MM-DD, a real calendar date. */
export function isoDate() {
  return z
    .string({ error: 'Must be a string.' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date as YYYY-MM-DD.')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    }, 'Must be a real date.');
}
