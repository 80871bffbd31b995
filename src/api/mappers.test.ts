import { parseRetryAfter } from './errors';
import { decodeEntities, plainText } from './text';
import { firstRole, mapLogin, toList, toNumber } from './mappers';
import { mapStudent, mapUser } from './rosterMappers';
import { mapLesson, mapLessonDetail, mapProgram, metaValue, toFlag, toImage } from './pageMappers';
import { MODEL_CARD_FIELDS } from './createApiClient';
import type { TokenResponse, WirePage, WireStudent, WireUser } from '../../contract';

const page = (fields: Partial<WirePage>): WirePage => ({
  id: 1,
  date: '2026-01-01T00:00:00',
  slug: 'x',
  status: 'publish',
  type: 'page',
  link: 'https://site.test/x/',
  title: { rendered: 'X' },
  content: { rendered: '' },
  excerpt: { rendered: '' },
  parent: 0,
  menu_order: 0,
  ...fields,
});

describe('wire primitives', () => {
  it('reads numbers sent as numbers or numeric strings', () => {
    expect(toNumber(12)).toBe(12);
    expect(toNumber('12')).toBe(12);
    expect(toNumber(' 7 ')).toBe(7);
    expect(toNumber('')).toBe(0);
    expect(toNumber('abc', -1)).toBe(-1);
    expect(toNumber(null)).toBe(0);
  });

  it('reads post meta as arrays or bare values', () => {
    expect(metaValue(['3'])).toBe('3');
    expect(metaValue('3')).toBe('3');
    expect(metaValue(3)).toBe('3');
    expect(metaValue([])).toBe('');
    expect(metaValue(undefined)).toBe('');
  });

  it('reads lists as arrays or index-keyed objects', () => {
    expect(toList(['a', 'b'])).toEqual(['a', 'b']);
    expect(toList({ '2': 'b', '1': 'a', '10': 'c' })).toEqual(['a', 'b', 'c']);
    expect(toList(false)).toEqual([]);
    expect(toList(null)).toEqual([]);
  });

  it('normalises roles: first role, admin means administrator, objects accepted', () => {
    expect(firstRole(['franchise_owner', 'student'])).toBe('franchise_owner');
    expect(firstRole({ '1': 'student' })).toBe('student');
    expect(firstRole(['admin'])).toBe('administrator');
    expect(firstRole('administrator')).toBe('administrator');
    expect(firstRole(['editor'])).toBe('unknown');
    expect(firstRole([])).toBe('none');
    expect(firstRole(undefined)).toBe('none');
  });

  it('reads flags and images however they arrive', () => {
    expect(toFlag(['1'])).toBe(true);
    expect(toFlag('0')).toBe(false);
    expect(toFlag(true)).toBe(true);
    expect(toFlag(1)).toBe(true);
    expect(toFlag('')).toBe(false);
    expect(toImage('https://img.test/a.png')).toBe('https://img.test/a.png');
    expect(toImage({ url: 'https://img.test/b.png', width: '10' })).toBe('https://img.test/b.png');
    expect(toImage(false)).toBeNull();
    expect(toImage('')).toBeNull();
    expect(toImage(null)).toBeNull();
  });

  it('decodes entities and strips tags from messages', () => {
    expect(decodeEntities('Fast &amp; Slow &#8211; 1 &#x41;')).toBe('Fast & Slow \u2013 1 A');
    expect(plainText('<strong>Error:</strong> The password you entered for <b>mia</b> is incorrect. <a href="/lost">Lost?</a>')).toBe(
      'Error: The password you entered for mia is incorrect. Lost?',
    );
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:05:00 GMT', now)).toBe(300);
  });
});

describe('record mappers', () => {
  it('maps a login answer with string ids and an object role list', () => {
    const wire = {
      token: 'jwt',
      user_email: 'dana@x.test',
      user_nicename: 'dana',
      user_display_name: 'Dana Cohen',
      user_id: '2',
      user_roles: { '0': 'franchise_owner' },
    } satisfies TokenResponse;
    expect(mapLogin(wire)).toEqual({
      token: 'jwt',
      userId: 2,
      userName: 'Dana Cohen',
      userNicename: 'dana',
      email: 'dana@x.test',
      role: 'franchise_owner',
    });
    expect(mapLogin({ ...wire, user_roles: ['admin'], user_id: 1 }).role).toBe('administrator');
    expect(() => mapLogin({ ...wire, token: '' })).toThrow();
  });

  it("reads the public JWT plugin's login answer, which names no user id and no role", () => {
    const { user_id: _id, user_roles: _roles, ...stock } = { token: 'jwt', user_email: 'a@x.test', user_nicename: 'admin', user_display_name: 'Admin', user_id: 1, user_roles: [] };
    expect(mapLogin(stock)).toMatchObject({ token: 'jwt', userId: 0, role: 'none', userName: 'Admin' });
  });

  it('maps a student record with numbers as strings', () => {
    const wire: WireStudent = {
      user_id: '31',
      teacher_id: '2',
      student_first_name: 'Mia',
      student_last_name: 'Levi',
      parent_name: 'Noa Levi',
      parent_email: 'parent.mia@x.test',
      phone: '050-1234567',
      program: 'Play Machines 1',
      lessons_start_date: '2026-01-04',
      lessons_end_date: '2026-06-28',
      number_of_lessons: '24',
    };
    expect(mapStudent(wire)).toEqual({
      id: 31,
      teacherId: 2,
      firstName: 'Mia',
      lastName: 'Levi',
      parentName: 'Noa Levi',
      parentEmail: 'parent.mia@x.test',
      phone: '050-1234567',
      program: 'Play Machines 1',
      startDate: '2026-01-04',
      endDate: '2026-06-28',
      numberOfLessons: 24,
    });
    expect(mapStudent({ ...wire, user_id: 31, number_of_lessons: 24 }).numberOfLessons).toBe(24);
  });

  it('keeps a student row’s lessons used and left only when the portal backend sends them', () => {
    const wire: WireStudent = { user_id: 31, teacher_id: 2, student_first_name: 'Mia', student_last_name: 'Levi', parent_name: '', parent_email: '', phone: '', program: '', lessons_start_date: '', lessons_end_date: '', number_of_lessons: 20 };
    expect(mapStudent({ ...wire, lessons_used: '7', lessons_left: -2 })).toMatchObject({ lessonsUsed: 7, lessonsLeft: -2 });
    const plain = mapStudent(wire);
    expect('lessonsLeft' in plain || 'lessonsUsed' in plain).toBe(false);
  });

  it('maps users: empty teacher_id is null, admin role normalised', () => {
    const owner: WireUser = { user_id: '2', role: 'franchise_owner', FirstName: 'Dana', LastName: 'Cohen', Email: 'd@x.test', Country: 'Israel', State: 'Tel Aviv', Territory: 'Center', teacher_id: '' };
    expect(mapUser(owner)).toMatchObject({ id: 2, role: 'franchise_owner', teacherId: null, country: 'Israel' });
    expect(mapUser({ ...owner, role: 'student', teacher_id: '2' }).teacherId).toBe(2);
    expect(mapUser({ ...owner, role: 'admin' }).role).toBe('administrator');
  });

  it('maps a program page: meta arrays, hide flag, images as string, object or false', () => {
    const program = mapProgram(
      page({
        id: 130,
        parent: 127,
        title: { rendered: 'Play Machines 1' },
        metadata: { order: ['1'], hide: ['0'], title: ['Play Machines 1'], program_name: ['PlayMachines1'] },
        lego_long: 'https://img.test/long.png',
        program_logo: { url: 'https://img.test/logo.png', width: '200', height: 100 },
        program_desktop_backgroung: false,
        program_mobile_backgroung: null,
      }),
    );
    expect(program).toEqual({
      id: 130,
      title: 'Play Machines 1',
      order: 1,
      hidden: false,
      forTeachers: false,
      enrolled: false,
      displayTitle: 'Play Machines 1',
      programName: 'PlayMachines1',
      legoLong: 'https://img.test/long.png',
      logo: 'https://img.test/logo.png',
      desktopBackground: null,
      mobileBackground: null,
    });
    expect(mapProgram(page({ metadata: { hide: '1', order: 4 } }))).toMatchObject({ hidden: true, order: 4 });
    // The portal backend's audience and a student's own program.
    expect(mapProgram(page({ metadata: { audience: 'teachers' } }))).toMatchObject({ forTeachers: true, hidden: false, enrolled: false });
    expect(mapProgram({ ...page({}), enrolled: true })).toMatchObject({ enrolled: true, forTeachers: false });
  });

  it('maps a lesson page: code withheld is null, experimental flag, unlocked from the backend', () => {
    const base = page({
      id: 201,
      parent: 130,
      title: { rendered: 'Fast &amp; Slow Transmission' },
      program_name: 'PlayMachines1',
      show_in_diffrent_tabs: ['1'],
      small_image: 'https://img.test/small.png',
      single_model_lego_color: { url: 'https://img.test/color.png' },
      metadata: { order: ['3'], experimental_model: ['1'], lesson_password: ['2468'], lesson_plans_title: ['Lesson 3'], lesson_plans_url: ['https://x.test/plan'] },
    });
    expect(mapLesson(base)).toEqual({
      id: 201,
      programId: 130,
      title: 'Fast & Slow Transmission',
      order: 3,
      experimental: true,
      colorTitleImage: 'https://img.test/color.png',
      smallImage: 'https://img.test/small.png',
      programName: 'PlayMachines1',
      unlockCode: '2468',
      unlocked: null,
      lessonPlansTitle: 'Lesson 3',
      lessonPlansUrl: 'https://x.test/plan',
      showInTabs: true,
    });
    const forStudent = mapLesson({ ...base, metadata: { order: '3', experimental_model: '0' }, unlocked: false, show_in_diffrent_tabs: false });
    expect(forStudent).toMatchObject({ unlockCode: null, unlocked: false, experimental: false, showInTabs: false });
  });

  it("asks a program's list only for the fields a model's card reads", () => {
    const read = new Set<string>();
    const watched = new Proxy(page({ id: 201, parent: 130, metadata: { order: ['3'] } }), {
      get: (target, name, receiver) => {
        if (typeof name === 'string') read.add(name);
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
    mapLesson(watched);
    expect([...read].filter((name) => !MODEL_CARD_FIELDS.split(',').includes(name))).toEqual([]);
    expect(read.size).toBeGreaterThan(5);
  });

  it('maps a single lesson: five tabs, galleries as arrays, objects or false, video frames', () => {
    const detail = mapLessonDetail(
      page({
        id: 201,
        parent: 130,
        title: { rendered: 'Catapult' },
        show_in_diffrent_tabs: '1',
        metadata: { lesson_0_tab_title: ['Build'], lesson_1_tab_title: 'Experiment', lesson_2_tab_title: ['Video'], lesson_2_videoid: ['abc'], image_count: ['21'], image_tabs: ['[{"title":"Small","count":"4","folder":"Small"}]'] },
        lesson_0_gallery: [{ original: '/i/1.png', thumbnail: '/i/1t.png', originalWidth: '800', originalHeight: 600 }],
        lesson_1_gallery: { '0': { original: '/i/2.png', thumbnail: '/i/2t.png' }, '1': { original: '/i/3.png', thumbnail: '' } },
        lesson_2_gallery: false,
        lesson_2_video_frame: { url: '/content/video/embed/1' },
        lesson_3_video_frame: false,
        lesson_4_video_frame: '/content/video/embed/4',
      }),
    );
    expect(detail.tabs).toHaveLength(5);
    expect(detail.tabs[0]).toEqual({ index: 0, title: 'Build', videoUrl: null, videoId: null, gallery: [{ original: '/i/1.png', thumbnail: '/i/1t.png', width: 800, height: 600 }] });
    expect(detail.tabs[1]!.gallery).toEqual([
      { original: '/i/2.png', thumbnail: '/i/2t.png' },
      { original: '/i/3.png', thumbnail: '/i/3.png' },
    ]);
    expect(detail.tabs[2]).toMatchObject({ title: 'Video', videoUrl: '/content/video/embed/1', videoId: 'abc', gallery: [] });
    expect(detail.tabs[3]).toMatchObject({ title: '', videoUrl: null, gallery: [] });
    expect(detail.tabs[4]!.videoUrl).toBe('/content/video/embed/4');
    expect(detail).toMatchObject({ id: 201, programId: 130, title: 'Catapult', showInTabs: true, imageCount: 21, imageTabs: [{ title: 'Small', count: 4, folder: 'Small' }] });
    expect(mapLessonDetail(page({ metadata: { image_tabs: ['not json'] } }))).toMatchObject({ imageCount: null, imageTabs: [] });
  });

  it("reads a studio step's srcset and sizes; an item without both has none", () => {
    const studio = {
      original: 'https://site.test/progrmas/studio/f/1280.jpg?sig=a',
      thumbnail: 'https://site.test/progrmas/studio/f/thumb.jpg?sig=t',
      srcSet: 'https://site.test/progrmas/studio/f/375.jpg?sig=b 375w, https://site.test/progrmas/studio/f/750.jpg?sig=c 750w',
      webpSrcSet: 'https://site.test/progrmas/studio/f/375.webp?sig=d 375w, https://site.test/progrmas/studio/f/750.webp?sig=e 750w',
      sizes: '(max-width: 800px) 100vw, 1068px',
      thumbnailWebp: 'https://site.test/progrmas/studio/f/thumb.webp?sig=w',
    };
    const detail = mapLessonDetail(page({ lesson_0_gallery: [studio, { ...studio, sizes: '' }, { original: '/i/1.png', thumbnail: '/i/1t.png' }] }));
    const [withSizes, withoutSizes, seeded] = detail.tabs[0]!.gallery;
    expect(withSizes).toEqual({
      original: studio.original,
      thumbnail: studio.thumbnail,
      responsive: { srcSet: studio.srcSet, webpSrcSet: studio.webpSrcSet, sizes: studio.sizes, thumbnailWebp: studio.thumbnailWebp },
    });
    expect(withoutSizes).not.toHaveProperty('responsive');
    expect(seeded).toEqual({ original: '/i/1.png', thumbnail: '/i/1t.png' });
  });
});
