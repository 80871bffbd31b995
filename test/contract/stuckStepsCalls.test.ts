/**
 * Where children get stuck (src/features/stuckSteps/api.ts), made with the real ApiClient against
 * the real backend: a child's saved steps and "I'm stuck" presses (the content's own calls) come
 * back as the page reads them, worst first; the office reads every owner's or one owner's, an
 * owner her own students' only, and the refusals are the ones the page words.
 */
import { compareStuckSteps, type StuckStep } from '../../contract/insights';
import type { ProgressBody } from '../../contract/progress';
import { saveMyPlace, sayStuck, unlockForClass } from '../../src/features/content/api';
import { getStuckSteps } from '../../src/features/stuckSteps/api';
import { startTestServer, userIds, type TestServer } from '../../server/test/harness';
import { failure, signedInClient } from './appClients';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ dialect: 'sqlite' });
});
afterAll(async () => {
  await server?.close();
});

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A step's figures and names: its picture's address is signed for each reader, so it differs between them. */
const figures = (step: StuckStep | undefined) => {
  if (!step) return step;
  const { thumbnail: _picture, ...rest } = step;
  return rest;
};

test("a child's steps and \"I'm stuck\" reach the page: the office sees every owner's or one owner's, an owner her own only", async () => {
  const ids = await userIds(server);
  const danaId = ids.get('dana')!.id;
  const leeId = ids.get('lee')!.id;
  const miaId = ids.get('mia')!.id;
  const [dana, lee, admin, mia] = await Promise.all([signedInClient(server, 'dana'), signedInClient(server, 'lee'), signedInClient(server, 'admin'), signedInClient(server, 'mia')]);

  // Mia (Dana's student) builds Catapult: steps 1 to 3 of its first tab, and says "I'm stuck" twice on the third.
  const catapult = (await dana.api.getLessons(130)).find((lesson) => lesson.title === 'Catapult')!;
  await unlockForClass.send(dana.api, { lessonId: catapult.id, students: 'all' });
  const place = (step: number): ProgressBody => ({ lessonId: catapult.id, tabId: 'tab-1', tabTitle: 'Build', tabIndex: 0, tabs: 2, step, steps: 12 });
  for (const step of [1, 2, 3]) await saveMyPlace.send(mia.api, place(step), false);
  await sayStuck.send(mia.api, { lessonId: catapult.id });
  await sayStuck.send(mia.api, { lessonId: catapult.id });

  const isMiasStep = (step: number) => (row: StuckStep) => row.lessonId === catapult.id && row.tabIndex === 0 && row.step === step;
  const everyone = await getStuckSteps.send(admin.api, null);
  expect(everyone.at).toMatch(ISO_UTC);
  // Worst first, as the contract orders them.
  expect(everyone.steps).toEqual([...everyone.steps].sort(compareStuckSteps));
  const stuckOn = everyone.steps.find(isMiasStep(3));
  expect(stuckOn).toEqual({
    lessonId: catapult.id,
    modelTitle: 'Catapult',
    programTitle: 'Play Machines 1',
    tabIndex: 0,
    tabTitle: expect.any(String),
    step: 3,
    thumbnail: stuckOn!.thumbnail === null ? null : expect.stringMatching(/^https?:\/\//),
    reached: 1,
    // Reached today: not yet stopped there.
    stopped: 0,
    stuckPresses: 2,
    stuckChildren: 1,
    // She has not moved on from it.
    medianSeconds: null,
  });
  // The step she moved on from has her time on it.
  expect(everyone.steps.find(isMiasStep(1))).toMatchObject({ reached: 1, stuckPresses: 0, stuckChildren: 0, medianSeconds: expect.any(Number) });

  // One owner's students (the filter), and another's, who has none of Mia's steps.
  expect(figures((await getStuckSteps.send(admin.api, danaId)).steps.find(isMiasStep(3)))).toEqual(figures(stuckOn));
  expect((await getStuckSteps.send(admin.api, leeId)).steps.find(isMiasStep(3))).toBeUndefined();
  // An id that is not an owner's: the page says the owner was not found.
  expect(await failure(getStuckSteps.send(admin.api, miaId))).toMatchObject({ kind: 'rejected', status: 404 });

  // A franchise owner reads her own students' steps; another owner's are refused, and so is a student.
  expect(figures((await getStuckSteps.send(dana.api, null)).steps.find(isMiasStep(3)))).toEqual(figures(stuckOn));
  expect((await getStuckSteps.send(lee.api, null)).steps.find(isMiasStep(3))).toBeUndefined();
  expect(await failure(getStuckSteps.send(lee.api, danaId))).toMatchObject({ kind: 'rejected', status: 403 });
  expect(await failure(getStuckSteps.send(mia.api, null))).toMatchObject({ kind: 'rejected', status: 403 });
});
