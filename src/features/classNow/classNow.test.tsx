import { screen, waitFor, within } from '@testing-library/react';
import { CLASS_NOW_PATHS, type ClassNowEvent, type ClassNowLockout, type ClassNowStudent } from '../../../contract/classNow';
import { apiError, createFakeApi } from '../../../test/fakeApi';
import { studioConfig } from '../../../test/fixtures/studio';
import { renderApp, signedInAs } from '../../../test/renderApp';
import type { ApiRequest } from '../../api/transport';
import { formattersFor } from '../../shared/i18n/formatting';

jest.setTimeout(20_000);

/** A text/event-stream body the test writes to, as the server would. */
function fakeStream(signal: AbortSignal | undefined) {
  const queue: (string | null | Error)[] = [];
  let wake: (() => void) | null = null;
  const push = (item: string | null | Error) => {
    queue.push(item);
    wake?.();
  };
  signal?.addEventListener('abort', () => push(new Error('aborted')));
  return {
    body: {
      getReader: () => ({
        read: async (): Promise<{ done: boolean; value?: string }> => {
          while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
          const item = queue.shift()!;
          if (item instanceof Error) throw apiError(0, 'network_error', item.message);
          return item === null ? { done: true } : { done: false, value: item };
        },
      }),
    },
    send: (event: ClassNowEvent) => push(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
    drop: () => push(new Error('network down')),
  };
}

const AT = '2026-11-25T10:00:00.000Z';
const student = (studentId: number, firstName: string, extra: Partial<ClassNowStudent> = {}): ClassNowStudent => ({
  studentId,
  firstName,
  tabTitle: '',
  lessonId: 2001,
  lessonTitle: 'Catapult',
  programId: 130,
  programTitle: 'Play Machines',
  tabId: 'tab-1',
  tabIndex: 0,
  tabs: 1,
  step: 3,
  steps: 12,
  updatedAt: '2026-11-25T09:59:55.000Z',
  stuckSince: null,
  ...extra,
});

function classApi() {
  const streams: ReturnType<typeof fakeStream>[] = [];
  /** The path (with its query) each stream was opened with. */
  const streamPaths: string[] = [];
  const posts: ApiRequest[] = [];
  const api = createFakeApi({
    request: async (request) => {
      if (request.path.startsWith(CLASS_NOW_PATHS.classNowEvents)) {
        streamPaths.push(request.path);
        const stream = fakeStream(request.stream);
        streams.push(stream);
        return stream.body;
      }
      if (request.path === CLASS_NOW_PATHS.helped) {
        posts.push(request);
        return { studentId: (request.body as { studentId: number }).studentId, cleared: 1 };
      }
      return Promise.reject(apiError(404, 'rest_no_route', 'No route'));
    },
  });
  return { api, streams, streamPaths, posts };
}

const open = (route = '/class-now') => {
  const fake = classApi();
  const view = renderApp({ route, session: signedInAs('dana'), api: fake.api, config: studioConfig });
  return { ...fake, ...view };
};

describe('class now (franchise owner)', () => {
  it("names the tab the student is in (Build, Experiment, Video), not its number", async () => {
    const { streams } = open();
    await waitFor(() => expect(streams).toHaveLength(1));
    const inTab = { tabId: 'tab-1', tabIndex: 1, tabs: 3, step: 2, steps: 6 };
    streams[0]!.send({ type: 'snapshot', ownerId: 2, classId: null, classes: [], at: AT, students: [student(11, 'Amir', { ...inTab, tabTitle: 'Experiment' }), student(12, 'Mia', inTab)], lockedOut: [] });
    const amir = await screen.findByTestId('class-now-student-11');
    expect(amir).toHaveTextContent('Experiment, Step 2 of 6');
    expect(amir).not.toHaveTextContent('Part 2 of 3');
    // A place saved before tabs had names still says which part.
    expect(screen.getByTestId('class-now-student-12')).toHaveTextContent('Part 2 of 3, Step 2 of 6');
  });

  it('shows the snapshot: a card per student with model, step and when they moved; stuck students first', async () => {
    const { streams } = open();
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send({ type: 'snapshot', ownerId: 2, classId: null, classes: [], at: AT, students: [student(11, 'Amir'), student(12, 'Mia', { stuckSince: '2026-11-25T09:59:00.000Z', step: 5 })], lockedOut: [] });
    const list = await screen.findByRole('list', { name: 'Students in a lesson' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Mia', 'Amir']);
    expect(cards[0]).toHaveTextContent('Stuck');
    expect(cards[0]).toHaveTextContent('Step 5 of 12');
    expect(within(cards[0]!).getByRole('button', { name: 'Mark helped: Mia' })).toBeEnabled();
    expect(cards[1]).toHaveTextContent('Catapult');
    expect(cards[1]).toHaveTextContent('Step 3 of 12');
    expect(cards[1]).toHaveTextContent(/moved \d+ s ago/);
    expect(within(cards[1]!).queryByRole('button')).toBeNull();
    expect(screen.getByText('Live')).toBeInTheDocument();
  });

  it('updates a card as the student moves, and says politely who has become stuck', async () => {
    const { streams } = open();
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send({ type: 'snapshot', ownerId: 2, classId: null, classes: [], at: AT, students: [student(11, 'Amir'), student(12, 'Mia')], lockedOut: [] });
    await screen.findByTestId('class-now-student-11');
    streams[0]!.send({ type: 'student', at: AT, student: student(11, 'Amir', { step: 4 }) });
    await waitFor(() => expect(screen.getByTestId('class-now-student-11')).toHaveTextContent('Step 4 of 12'));
    streams[0]!.send({ type: 'student', at: AT, student: student(11, 'Amir', { step: 4, stuckSince: AT }) });
    await waitFor(() => expect(screen.getAllByRole('article')[0]).toHaveTextContent('Amir'));
    expect(await screen.findByText('Amir is stuck on Catapult, step 4.')).toBeInTheDocument();
    streams[0]!.send({ type: 'left', at: AT, studentId: 12 });
    await waitFor(() => expect(screen.queryByTestId('class-now-student-12')).toBeNull());
  });

  it('"Mark helped" clears the flag', async () => {
    const { streams, posts, user } = open();
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send({ type: 'snapshot', ownerId: 2, classId: null, classes: [], at: AT, students: [student(12, 'Mia', { stuckSince: AT })], lockedOut: [] });
    await user.click(await screen.findByRole('button', { name: 'Mark helped: Mia' }));
    await waitFor(() => expect(screen.getByTestId('class-now-student-12')).not.toHaveTextContent('Stuck'));
    expect(posts.map((p) => [p.method, p.body])).toEqual([['POST', { studentId: 12 }]]);
  });

  it('an empty class says so; without classes (a plain WordPress site) there is no class to choose', async () => {
    const { streams } = open();
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send({ type: 'snapshot', ownerId: 2, classId: null, classes: [], at: AT, students: [], lockedOut: [] });
    expect(await screen.findByText(/No students are in a lesson right now/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it("shows the class the server chose (the one meeting now); another choice goes into the URL and the stream opens again with it", async () => {
    const { streams, streamPaths, router, user } = open();
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(streamPaths).toEqual([CLASS_NOW_PATHS.classNowEvents]);
    const classes = [
      { id: 5, name: 'Monday Builders', meetingNow: true },
      { id: 6, name: 'Tuesday Tinkerers', meetingNow: false },
    ];
    streams[0]!.send({ type: 'snapshot', ownerId: 2, classId: 5, classes, at: AT, students: [student(11, 'Amir')], lockedOut: [] });
    const picker = await screen.findByRole('combobox', { name: 'Showing' });
    expect(picker).toHaveValue('5');
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Monday Builders (meeting now)', 'Tuesday Tinkerers', 'All my students']);
    await user.selectOptions(picker, 'All my students');
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(streamPaths[1]).toBe(`${CLASS_NOW_PATHS.classNowEvents}?class=all`);
    expect(router.state.location.search).toBe('?class=all');
    streams[1]!.send({ type: 'snapshot', ownerId: 2, classId: null, classes, at: AT, students: [student(11, 'Amir'), student(12, 'Mia')], lockedOut: [] });
    expect(await screen.findByRole('combobox', { name: 'Showing' })).toHaveValue('all');
    expect(await screen.findByTestId('class-now-student-12')).toBeInTheDocument();
  });

  it('a class named in the URL (a reload) is the one asked for', async () => {
    const { streams, streamPaths } = open('/class-now?class=6');
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(streamPaths).toEqual([`${CLASS_NOW_PATHS.classNowEvents}?class=6`]);
  });

  it('a dropped connection shows "Reconnecting…" and comes back live with a new snapshot', async () => {
    const { streams } = open();
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send({ type: 'snapshot', ownerId: 2, classId: null, classes: [], at: AT, students: [student(11, 'Amir')], lockedOut: [] });
    await screen.findByText('Live');
    streams[0]!.drop();
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    // The last known class stays on screen meanwhile.
    expect(screen.getByTestId('class-now-student-11')).toBeInTheDocument();
    await waitFor(() => expect(streams).toHaveLength(2), { timeout: 3000 });
    streams[1]!.send({ type: 'snapshot', ownerId: 2, classId: null, classes: [], at: AT, students: [student(11, 'Amir', { step: 6 })], lockedOut: [] });
    await screen.findByText('Live');
    expect(screen.getByTestId('class-now-student-11')).toHaveTextContent('Step 6 of 12');
  });

  it('tells the teacher, live, which child is held back from which model and until when, and what she can do; gone when it ends', async () => {
    const { streams } = open();
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send({ type: 'snapshot', ownerId: 2, classId: null, classes: [], at: AT, students: [student(11, 'Amir')], lockedOut: [] });
    await screen.findByTestId('class-now-student-11');
    expect(screen.queryByTestId('class-now-lockouts')).toBeNull();

    // Noa is not in a lesson: she is named all the same.
    const until = '2026-11-25T11:00:00.000Z';
    const noa: ClassNowLockout = { studentId: 14, firstName: 'Noa', lessonId: 2001, lessonTitle: 'Catapult', until };
    streams[0]!.send({ type: 'lockouts', at: AT, lockedOut: [noa] });
    const notice = await screen.findByTestId('class-now-lockouts');
    expect(notice).toHaveAttribute('role', 'status');
    expect(within(notice).getByText('Too many wrong codes')).toBeInTheDocument();
    expect(within(notice).getAllByRole('listitem').map((item) => item.textContent)).toEqual([`Noa: Catapult, can try again at ${formattersFor('en').dateTime(new Date(until))}`]);
    expect(notice).toHaveTextContent('use "Unlock for students" on the model\'s card; or wait');
    // The cards stay as they were.
    expect(screen.getByTestId('class-now-student-11')).toHaveTextContent('Step 3 of 12');

    streams[0]!.send({ type: 'lockouts', at: AT, lockedOut: [] });
    await waitFor(() => expect(screen.queryByTestId('class-now-lockouts')).toBeNull());
  });

  it("a lock-out leaves the page at its end by the server's clock, without waiting for the stream", async () => {
    const { streams } = open();
    await waitFor(() => expect(streams).toHaveLength(1));
    const at = new Date(Date.now() - 60 * 60_000).toISOString();
    const soon = new Date(Date.parse(at) + 1500).toISOString();
    streams[0]!.send({ type: 'snapshot', ownerId: 2, classId: null, classes: [], at, students: [], lockedOut: [{ studentId: 14, firstName: 'Noa', lessonId: 2001, lessonTitle: 'Catapult', until: soon }] });
    expect(await screen.findByTestId('class-now-lockouts')).toHaveTextContent('Noa: Catapult');
    expect(screen.getByText(/No students are in a lesson right now/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('class-now-lockouts')).toBeNull(), { timeout: 4000 });
  });
});
