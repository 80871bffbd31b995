import { MODEL_CARD_FIELDS } from './createApiClient';
import { caught, client, type Reply, type Seen } from './apiClientTestKit';

describe('createApiClient: content asked for early (a page opened from its address)', () => {
  const lessons = [{ id: 201, parent: 130, title: { rendered: 'Catapult' }, metadata: { order: ['1'], experimental_model: ['0'] } }];
  const programs = [{ id: 130, parent: 127, title: { rendered: 'Play Machines 1' }, metadata: {} }];
  const lesson = { id: 201, parent: 130, title: { rendered: 'Catapult' }, lesson_0_gallery: false };
  const answers = (seen: Seen): Reply => ({ body: seen.url.endsWith('/pages/201') ? lesson : seen.url.includes('parent=127') ? programs : lessons });
  const paths = (seen: Seen[]) => seen.map((s) => s.url.replace('https://site.test/wp-json/wp/v2', ''));

  it('starts the reads at once; the page’s own calls take their answers instead of asking again', async () => {
    const { api, seen } = client(answers);
    api.askEarly(130, 201);
    expect(paths(seen)).toEqual(['/pages?parent=127&per_page=100', `/pages?parent=130&per_page=100&_fields=${MODEL_CARD_FIELDS}`, '/pages/201']);
    await expect(api.getLessons(130)).resolves.toMatchObject([{ id: 201, title: 'Catapult' }]);
    await expect(api.getLesson(201)).resolves.toMatchObject({ id: 201 });
    await expect(api.getPrograms()).resolves.toMatchObject([{ id: 130 }]);
    expect(seen).toHaveLength(3);
    expect(seen[0]!.headers.Authorization).toBe('Bearer stored-token');
  });

  it('an early answer is taken once, only with the token it was asked with, and only while fresh', async () => {
    const { api, seen, setToken } = client(answers);
    const lessonReads = () => seen.filter((s) => s.url.includes('parent=130'));
    api.askEarly(130);
    await api.getLessons(130);
    await api.getLessons(130); // the second asks again
    expect(lessonReads()).toHaveLength(2);

    api.askEarly(130);
    setToken('another-users-token');
    await api.getLessons(130);
    expect(lessonReads()).toHaveLength(4);
    expect(lessonReads()[3]!.headers.Authorization).toBe('Bearer another-users-token');

    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      api.askEarly(130);
      jest.advanceTimersByTime(10_000);
    } finally {
      jest.useRealTimers();
    }
    await api.getLessons(130);
    expect(lessonReads()).toHaveLength(6);
  });

  it('the page opened again by its address within the wait takes its own early answer', async () => {
    const { api, seen } = client(answers);
    const lessonReads = () => seen.filter((s) => s.url.includes('parent=130'));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      api.askEarly(130);
      await api.getLessons(130);
      jest.advanceTimersByTime(6_000);
      api.askEarly(130); // the same page again, 6 s later
      jest.advanceTimersByTime(5_000); // the first ask's wait ends
    } finally {
      jest.useRealTimers();
    }
    await api.getLessons(130);
    expect(lessonReads()).toHaveLength(2);
  });

  it('a failed early read is the page’s failure when it asks (never an unhandled rejection), and ends a rejected session', async () => {
    const { api, onSessionExpired } = client(() => ({ status: 401, body: { code: 'jwt_auth_invalid_token', message: 'Expired token', data: { status: 401 } } }));
    api.askEarly(130);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    await expect(caught(api.getLessons(130))).resolves.toMatchObject({ kind: 'expired', status: 401 });
  });

  it('a list page’s students and users (POSTs with AUTH_KEY) are asked for at once and taken by the page’s own calls', async () => {
    const student = { user_id: '40', teacher_id: '2', student_first_name: 'Noa' };
    const { api, seen } = client((request) => ({ body: request.url.endsWith('get_all_students_data') ? [student] : [] }));
    api.askRosterEarly();
    expect(seen.map((s) => [s.method, s.url.replace('https://site.test/wp-json', ''), s.body])).toEqual([
      ['POST', '/wl/v1/get_all_students_data', { AUTH_KEY: 'KEY' }],
      ['POST', '/wl/v1/get_all_users_data', { AUTH_KEY: 'KEY' }],
    ]);
    await expect(api.getAllStudents()).resolves.toMatchObject([{ id: 40, firstName: 'Noa' }]);
    await expect(api.getAllUsers()).resolves.toEqual([]);
    expect(seen).toHaveLength(2);
    await api.getAllStudents(); // a later load asks again
    expect(seen).toHaveLength(3);
  });
});
