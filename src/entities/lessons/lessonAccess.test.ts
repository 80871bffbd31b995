import type { Lesson, Program, Role } from '../../api/types';
import type { PortalRuntimeConfig } from '../../../contract';
import { initialSessionState, type SessionState } from '../session/sessionSlice';
import { decideLessonAccess, selectLessonAccess, serverUnlockWord, type LessonAccess, type ServerUnlockWord } from './lessonAccess';

const O: LessonAccess = 'open';
const L: LessonAccess = 'locked';
const P: LessonAccess = 'pending';

/** server's word, stored flag, program hidden -> access of a student (and a signed-out user), a franchise owner, an administrator. */
const table: [ServerUnlockWord, boolean, boolean, LessonAccess, LessonAccess, LessonAccess][] = [
  // The server's answer wins over the stored flag, both ways.
  [true, false, false, O, O, O],
  [true, true, false, O, O, O],
  [false, false, false, L, L, L],
  [false, true, false, L, L, L],
  // The portal backend has not answered yet: nothing shows, whatever the role or flag claims.
  ['awaited', false, false, P, P, P],
  ['awaited', true, false, P, P, P],
  // It answered without a word on the lesson: it does not see a student.
  ['silent', false, false, L, O, O],
  ['silent', true, false, L, O, O],
  // No answer to be had (plain WordPress, lessons failed to load): the stored flag decides for students.
  ['unavailable', false, false, L, O, O],
  ['unavailable', true, false, O, O, O],
  // Hidden programs are for administrators only.
  [true, false, true, L, L, O],
  [true, true, true, L, L, O],
  [false, false, true, L, L, L],
  [false, true, true, L, L, L],
  ['awaited', false, true, L, L, P],
  ['awaited', true, true, L, L, P],
  ['silent', false, true, L, L, O],
  ['silent', true, true, L, L, O],
  ['unavailable', false, true, L, L, O],
  ['unavailable', true, true, L, L, O],
];

describe('decideLessonAccess: role x server answer x stored flag x hidden program', () => {
  it.each(table)('server %p, stored flag %p, hidden program %p: student %s, owner %s, admin %s', (server, storedFlag, programHidden, student, owner, admin) => {
    const access = (role: Role | null) => decideLessonAccess({ role, server, storedFlag, programHidden });
    expect(access('student')).toBe(student);
    expect(access(null)).toBe(student);
    expect(access('franchise_owner')).toBe(owner);
    expect(access('administrator')).toBe(admin);
  });
});

const lesson = (unlocked: boolean | null): Lesson => ({
  id: 7,
  programId: 3,
  title: 'Flying Chairs',
  order: 1,
  experimental: false,
  colorTitleImage: null,
  smallImage: null,
  programName: 'PlayMachines1',
  unlockCode: null,
  unlocked,
  lessonPlansTitle: '',
  lessonPlansUrl: '',
  showInTabs: false,
});

describe('serverUnlockWord', () => {
  it.each([
    [lesson(true), true, 'loading', true],
    [lesson(false), false, 'succeeded', false],
    [lesson(null), true, 'succeeded', 'silent'],
    [undefined, true, 'idle', 'awaited'],
    [undefined, true, 'loading', 'awaited'],
    [undefined, true, 'failed', 'unavailable'],
    [lesson(null), false, 'succeeded', 'unavailable'],
    [undefined, false, 'loading', 'unavailable'],
  ] as const)('lesson %#: %p', (theLesson, serverReportsUnlocks, load, word) => {
    expect(serverUnlockWord(theLesson, serverReportsUnlocks, load)).toBe(word);
  });
});

describe('selectLessonAccess', () => {
  const program = { id: 3, hidden: false } as Program;
  const state = (session: Partial<SessionState>, unlocked: boolean | null | 'absent', serverUnlock = true) => ({
    lessons: { ids: [], entities: (unlocked === 'absent' ? {} : { 7: lesson(unlocked) }) as Record<number, Lesson>, details: {} },
    programs: { ids: [3], entities: { 3: program } },
    session: { ...initialSessionState, userRole: 'student' as const, ...session },
    config: { capabilities: { serverUnlock } } as PortalRuntimeConfig,
  });

  it('opens on a new device (no stored flag) when the server says unlocked', () => {
    expect(selectLessonAccess(state({}, true), 3, 7, 'succeeded')).toBe('open');
  });

  it('keeps a lesson the server says is locked locked, whatever localStorage says', () => {
    const tampered = state({ unlockedLessonIds: [7], unlockedModels: { FlyingChairs: true } }, false);
    expect(selectLessonAccess(tampered, 3, 7, 'succeeded', 'Flying Chairs')).toBe('locked');
  });

  it('waits for the server, then lets the stored flag (id or model name) decide only where it cannot answer', () => {
    expect(selectLessonAccess(state({ unlockedLessonIds: [7] }, 'absent'), 3, 7, 'loading')).toBe('pending');
    expect(selectLessonAccess(state({ unlockedLessonIds: [7] }, 'absent'), 3, 7, 'failed')).toBe('open');
    expect(selectLessonAccess(state({ unlockedModels: { FlyingChairs: true } }, null, false), 3, null, 'idle', 'Flying Chairs')).toBe('open');
    expect(selectLessonAccess(state({}, null, false), 3, 7, 'succeeded')).toBe('locked');
  });
});
