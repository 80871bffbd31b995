/**
 * Input validation. Parameters may arrive as a JSON body, a form body or the query string (the body
 * wins, as in WordPress). Schemas are strict: unknown fields, wrong types and over-long values are
 * a 400 rest_invalid_param naming each bad parameter in data.params.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MAX_ID } from '../domain/fieldRules';
import { invalidParams, invalidUserId } from '../errors';

export type StudentIdRequest = FastifyRequest<{ Params: { id: string } }>;

/** The student :id of a path, or 404 as for an unknown student. */
export function studentIdParam(request: StudentIdRequest): number {
  const raw = request.params.id;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > MAX_ID || Number(raw) < 1) throw invalidUserId();
  return Number(raw);
}

function paramsOf(error: z.ZodError): Record<string, string> {
  const params: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // A key inside a parameter is named by its place ("tabs.0.titleTranslations.fr").
      for (const key of issue.keys) params[[...issue.path.map(String), key.slice(0, 100)].join('.')] = 'Unknown parameter.';
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
