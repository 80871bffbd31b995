/**
 * The serializer wiring of declared answers (http/answers.ts, sendJson): a route writes only the
 * fields its answer names, at every depth and inside unions; a plain string still goes out as a JSON
 * string literal; and an API route that declares no answer stops the app from being built.
 */
import Fastify from 'fastify';
import { z } from 'zod';
import { answers, requireDeclaredAnswers } from '../../http/answers';
import { sendJson } from '../../http/reply';

const item = z.object({ name: z.string(), size: z.number().optional() });
const answer = z.object({
  id: z.number(),
  items: z.array(item),
  picked: z.union([z.object({ path: z.string(), url: z.string() }), z.object({ embedUrl: z.string() })]).nullable(),
  meta: z.record(z.string(), z.array(z.string())),
});

test('only the declared fields leave, at every depth', async () => {
  const app = Fastify();
  app.get('/wp-json/test/thing', answers(answer), (_request, reply) =>
    sendJson(reply, {
      id: 7,
      secret: 'password hash',
      items: [{ name: 'a', size: 1, internal: true }],
      picked: { embedUrl: 'https://video.example/1', signedFor: 3 },
      meta: { order: ['1'] },
    }),
  );
  app.get('/wp-json/test/word', answers(z.enum(['email_sent', 'already_exists'])), (_request, reply) => sendJson(reply, 'email_sent'));
  const thing = await app.inject('/wp-json/test/thing');
  expect(thing.headers['content-type']).toBe('application/json; charset=UTF-8');
  expect(JSON.parse(thing.body)).toEqual({ id: 7, items: [{ name: 'a', size: 1 }], picked: { embedUrl: 'https://video.example/1' }, meta: { order: ['1'] } });
  expect((await app.inject('/wp-json/test/word')).body).toBe('"email_sent"');
  await app.close();
});

test('an API route without a declared answer (or a reason for sending something else) is refused', async () => {
  const app = Fastify();
  requireDeclaredAnswers(app);
  expect(() => app.get('/wp-json/test/undeclared', (_request, reply) => sendJson(reply, {}))).toThrow(/declares no answer/);
  app.get('/wp-json/test/file', { config: { rawAnswer: 'an image' } }, (_request, reply) => reply.type('image/png').send(Buffer.alloc(1)));
  app.get('/wp-json/test/declared', answers(z.object({ ok: z.boolean() })), (_request, reply) => sendJson(reply, { ok: true }));
  app.get('/not-the-api', (_request, reply) => reply.send('text'));
  await app.ready();
  expect((await app.inject('/wp-json/test/declared')).body).toBe('{"ok":true}');
  await app.close();
});
