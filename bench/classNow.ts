/**
 * The live class view under a class's load: 50 students of one owner each save a step
 * (PUT /yo/v1/me/progress) every 3 s, staggered, for 30 s, while the owner's class-now stream is
 * open on the same portal instance. For every PUT it measures the time from sending it until the
 * owner's stream reports that student's new step. Goal: every update within 2 s, none missed.
 */
import { CLASS_NOW_PATHS, CONTENT_IDS, PROGRESS_PATHS, type ClassNowEvent } from '../contract';
import { apiToken, type BenchContext } from './lib/context';
import { type FigureSink, median, round } from './lib/results';
import { BENCH_OWNER_PASSWORD, BENCH_OWNERS, benchLoginName } from './lib/seed';

const STUDENTS = 50;
const EVERY_MS = 3000;
const DURATION_MS = 30_000;
/** An update later than this after the last PUT is counted as missed. */
const GRACE_MS = 5000;
const GOAL_MS = 2000;

interface WirePage {
  id: number;
  title: { rendered: string };
  metadata?: { lesson_password?: string[] };
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

const userIdOf = (token: string): number => Number((JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { data: { user: { id: string } } }).data.user.id);

async function getJson<T>(ctx: BenchContext, path: string, token: string): Promise<T> {
  const res = await fetch(ctx.baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** A model without a code (nothing to unlock), or the first one with a code, unlocked for the class. */
async function benchModel(ctx: BenchContext, ownerToken: string, studentIds: number[]): Promise<number> {
  const programs = await getJson<WirePage[]>(ctx, `/wp-json/wp/v2/pages?parent=${CONTENT_IDS.programsRoot}&per_page=100`, ownerToken);
  let locked: number | null = null;
  for (const program of programs) {
    const lessons = await getJson<WirePage[]>(ctx, `/wp-json/wp/v2/pages?parent=${program.id}&per_page=100`, ownerToken);
    for (const lesson of lessons) {
      if ((lesson.metadata?.lesson_password?.[0] ?? '') === '') return lesson.id;
      locked ??= lesson.id;
    }
  }
  if (locked === null) throw new Error('no model found');
  const res = await fetch(ctx.baseUrl + '/wp-json/yo/v1/class-unlocks', {
    method: 'POST',
    headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ lessonId: locked, students: studentIds }),
  });
  if (!res.ok) throw new Error(`class unlock: HTTP ${res.status}`);
  return locked;
}

export async function classNowBench(ctx: BenchContext, sink: FigureSink): Promise<void> {
  const owner = BENCH_OWNERS[0]!;
  const ownerToken = await apiToken(ctx.baseUrl, owner.username, owner.password);
  // Sign-ins run at argon2id's production cost: one after another, before the clock starts.
  const students: { id: number; token: string; step: number }[] = [];
  for (let i = 0; i < STUDENTS; i += 1) {
    const token = await apiToken(ctx.baseUrl, benchLoginName(i), BENCH_OWNER_PASSWORD);
    students.push({ id: userIdOf(token), token, step: 0 });
  }
  const lessonId = await benchModel(ctx, ownerToken, students.map((s) => s.id));

  const sent = new Map<string, number>();
  const latencies: number[] = [];
  const pollDelays: number[] = [];
  const deliveryDelays: number[] = [];
  const putTimes: number[] = [];
  const abort = new AbortController();
  const res = await fetch(ctx.baseUrl + CLASS_NOW_PATHS.classNowEvents, { headers: { authorization: `Bearer ${ownerToken}` }, signal: abort.signal });
  if (!res.ok || !res.body) throw new Error(`class-now stream: HTTP ${res.status}`);
  let snapshot: () => void = () => undefined;
  const snapshotSeen = new Promise<void>((resolve) => (snapshot = resolve));
  const reading = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (!data) continue;
          const event = JSON.parse(data.slice(6)) as ClassNowEvent;
          if (event.type === 'snapshot') snapshot();
          if (event.type !== 'student') continue;
          const key = `${event.student.studentId}:${event.student.step}`;
          const t0 = sent.get(key);
          if (t0 === undefined) continue;
          sent.delete(key);
          latencies.push(performance.now() - t0);
          // Where the time goes: from the PUT's save to the poll that found it (both the server's clock),
          // and from that poll to this reader.
          pollDelays.push(Date.parse(event.at) - Date.parse(event.student.updatedAt));
          deliveryDelays.push(Date.now() - Date.parse(event.at));
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await snapshotSeen;

  let puts = 0;
  let failedPuts = 0;
  const started = performance.now();
  const loops = students.map(async (student, i) => {
    await new Promise((r) => setTimeout(r, (i * EVERY_MS) / STUDENTS));
    while (performance.now() - started < DURATION_MS) {
      const next = performance.now() + EVERY_MS;
      student.step += 1;
      const key = `${student.id}:${student.step}`;
      const putStarted = performance.now();
      sent.set(key, putStarted);
      puts += 1;
      const put = await fetch(ctx.baseUrl + PROGRESS_PATHS.myProgress, {
        method: 'PUT',
        headers: { authorization: `Bearer ${student.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ lessonId, tabId: 'bench', tabIndex: 0, tabs: 1, step: student.step, steps: 100 }),
      });
      putTimes.push(performance.now() - putStarted);
      if (!put.ok) {
        failedPuts += 1;
        sent.delete(key);
      }
      await put.arrayBuffer();
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  });
  await Promise.all(loops);
  await new Promise((r) => setTimeout(r, GRACE_MS));
  abort.abort();
  await reading;

  const sorted = [...latencies].sort((a, b) => a - b);
  const missed = sent.size;
  const note = `${STUDENTS} students, a step each every ${EVERY_MS / 1000} s for ${DURATION_MS / 1000} s: ${puts} PUTs (${failedPuts} refused)`;
  console.log(`  ${note}; ${latencies.length} updates seen, ${missed} missed`);
  const p = (values: number[], q: number) => round(percentile([...values].sort((a, b) => a - b), q), 0);
  console.log(`  PUT answered: median ${p(putTimes, 50)} ms, p95 ${p(putTimes, 95)} ms; saved to found by the poll: median ${p(pollDelays, 50)} ms, p95 ${p(pollDelays, 95)} ms; poll to reader: median ${p(deliveryDelays, 50)} ms, p95 ${p(deliveryDelays, 95)} ms`);
  sink.add({ metric: 'class now: PUT to owner stream, median', value: round(median(sorted), 0), unit: 'ms', note });
  sink.add({ metric: 'class now: PUT to owner stream, p95', value: round(percentile(sorted, 95), 0), unit: 'ms' });
  sink.addGoal({ metric: 'class now: PUT to owner stream, max', value: sorted.length > 0 ? round(sorted[sorted.length - 1]!, 0) : null, unit: 'ms' }, GOAL_MS);
  sink.add({ metric: 'class now: missed updates', value: missed, unit: `of ${puts - failedPuts}`, goal: '0', pass: missed === 0 && failedPuts === 0 });
}
