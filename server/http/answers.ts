/**
 * What a route answers, declared beside what it takes: a zod schema of the answer (routes/answers/)
 * becomes the route's JSON schema (schema.response), and Fastify's serializer (fast-json-stringify)
 * writes only the fields it names, at every depth: a field the domain adds that the contract does not
 * name never leaves the server. sendJson (reply.ts) serializes through it.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';

/**
 * The JSON schema of an answer as the serializer needs it. Objects lose `additionalProperties:
 * false`: without it the serializer drops unnamed fields all the same, and a union's object branch
 * still matches a value that carries one (it would be a 500 otherwise).
 */
export function answerJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return withoutClosedObjects(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as Record<string, unknown>;
}

function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || (key === 'additionalProperties' && value === false)) continue;
    out[key] = withoutClosedObjects(value);
  }
  return out;
}

/** A route's schema option for its success answers (any 2xx), and others it names by status (503). */
export function answers(success: z.ZodType, others: Record<number, z.ZodType> = {}): { schema: FastifySchema } {
  const response: Record<string, unknown> = { '2xx': answerJsonSchema(success) };
  for (const [status, schema] of Object.entries(others)) response[status] = answerJsonSchema(schema);
  return { schema: { response } };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Why the route's answer is not JSON written by the serializer: a file, an image, an event stream. */
    rawAnswer?: string;
  }
}

/**
 * Every API route (under /wp-json, and the health probes) declares its answer, or says why it sends
 * something else (config.rawAnswer): a route without either stops the app from being built.
 */
export function requireDeclaredAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const api = route.url.startsWith('/wp-json') || route.url === '/healthz' || route.url === '/readyz';
    if (!api || [route.method].flat().every((method) => method === 'OPTIONS' || method === 'HEAD')) return;
    if (route.schema?.response === undefined && route.config?.rawAnswer === undefined) {
      throw new Error(`${String(route.method)} ${route.url} declares no answer: add answers(...) to its options, or config.rawAnswer`);
    }
  });
}
