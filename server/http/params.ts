/**
 * Input validation. Parameters may arrive as a JSON body, a form body or the query string (the body
 * wins, as in WordPress). Schemas are strict: unknown fields, wrong types and over-long values are
 * a 400 rest_invalid_param naming each bad parameter in data.params.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalidParams, invalidUserId } from '../errors';

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

export type StudentIdRequest = FastifyRequest<{ Params: { id: string } }>;

/** The student :id of a path, or 404 as for an unknown student. */
export function studentIdParam(request: StudentIdRequest): number {
  const raw = request.params.id;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > MAX_ID || Number(raw) < 1) throw invalidUserId();
  return Number(raw);
}

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

function paramsOf(error: z.ZodError): Record<string, string> {
  const params: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) params[key.slice(0, 100)] = 'Unknown parameter.';
      continue;
    }
    const name = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    params[name] ??= issue.code === 'invalid_type' && issue.input === undefined ? 'Missing parameter.' : issue.message;
  }
  return params;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request's parameters, merged from the query string and the body, checked against the schema. */
export function readParams<S extends z.ZodType>(request: FastifyRequest, schema: S): z.output<S> {
  const query = isPlainObject(request.query) ? request.query : {};
  const body: unknown = request.body;
  if (body !== undefined && body !== null && !isPlainObject(body)) {
    throw invalidParams({ body: 'The request body must be an object of parameters.' });
  }
  const result = schema.safeParse({ ...query, ...(body ?? {}) });
  if (!result.success) throw invalidParams(paramsOf(result.error));
  return result.data;
}
